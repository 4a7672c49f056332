import { useIntl } from 'react-intl';
import './popular-chips.css';

/** Queries people actually type at a Belgian pharmacy counter, plus one CNK to show that it works. */
export const POPULAR_QUERIES = [
  'dafalgan',
  'ibuprofen',
  'magnesium',
  'vitamine C',
  'la roche-posay',
  '3720083',
] as const;

export function PopularChips({ onPick }: { onPick: (query: string) => void }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'search.chips.label' });
  return (
    <div className="popular-chips">
      <span className="popular-chips__label" id="popular-chips-label">
        {label}
      </span>
      <ul className="popular-chips__list" aria-labelledby="popular-chips-label">
        {POPULAR_QUERIES.map((query) => (
          <li key={query}>
            <button type="button" className="popular-chips__chip" data-testid="chip" onClick={() => onPick(query)}>
              {query}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
