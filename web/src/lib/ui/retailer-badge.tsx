import { retailerBadge } from '../retailers';
import './retailer-badge.css';

/**
 * A shop's logo stand-in: its initials in a badge coloured by its id, so a shop read only from its
 * feed (ADR 179) is told apart at a glance. Decorative: the name beside it is what is read out, and
 * the initials are drawn by CSS so they never join the row's text.
 */
export function RetailerBadge({ id }: { id: string }) {
  const { initials, hue } = retailerBadge(id);
  return (
    <span
      className="retailer-badge"
      aria-hidden="true"
      data-testid="retailer-badge"
      data-initials={initials}
      data-hue={hue}
    />
  );
}
