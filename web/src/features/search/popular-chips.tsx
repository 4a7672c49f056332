import { useIntl } from 'react-intl';
import './popular-chips.css';

interface PopularChip {
  /** Brand names and CNKs read the same in every language; the others are translated (search.chips.items). */
  label?: string;
  /** What is searched, when the translated label would not find the product. */
  query?: string;
}

/** Queries people actually type at a Belgian pharmacy counter, plus one CNK to show that it works. */
export const POPULAR_CHIPS: Record<string, PopularChip> = {
  dafalgan: { label: 'dafalgan' },
  // Shops list the molecule as "ibuprofen": "ibuprofène" is not a prefix of it, even accents ignored.
  ibuprofen: { query: 'ibuprofen' },
  // The shops' search ignores accents: "magnésium" finds the Magnesium products.
  magnesium: {},
  vitaminC: {},
  laRochePosay: { label: 'la roche-posay' },
  cnk: { label: '3720083' },
};

export function PopularChips({ onPick }: { onPick: (query: string) => void }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'search.chips.label' });
  return (
    <div className="popular-chips">
      <span className="popular-chips__label" id="popular-chips-label">
        {label}
      </span>
      <ul className="popular-chips__list" aria-labelledby="popular-chips-label">
        {Object.entries(POPULAR_CHIPS).map(([key, chip]) => {
          const text = chip.label ?? intl.formatMessage({ id: `search.chips.items.${key}` });
          return (
            <li key={key}>
              <button
                type="button"
                className="popular-chips__chip"
                data-testid="chip"
                onClick={() => onPick(chip.query ?? text)}
              >
                {text}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
