import type { ReactNode } from 'react';
import { LocalizedLink } from '../router/localized-link';

/**
 * A link drawn as a button (`btn btn--primary` for the screen's main way on, `btn btn--secondary`
 * otherwise): it goes to another page, so it stays a link for the keyboard, the screen reader and a
 * middle click.
 */
export function ButtonLink({
  to,
  primary = false,
  children,
  ...rest
}: {
  to: string;
  primary?: boolean;
  children: ReactNode;
  'data-testid'?: string;
  onClick?: () => void;
}) {
  return (
    <LocalizedLink className={primary ? 'btn btn--primary' : 'btn btn--secondary'} to={to} {...rest}>
      {children}
    </LocalizedLink>
  );
}
