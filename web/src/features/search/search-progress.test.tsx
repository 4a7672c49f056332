import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import type { SearchStage } from '@pharmaradar/shared/search.schema';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { SearchProgress } from './search-progress';
import type { RetailerRow } from './search-state';

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const details = () => document.querySelector('details')!;

const answering: RetailerRow[] = [
  { id: 'farmaline', status: 'ok', ms: 640, offers: 2 },
  { id: 'medimarket', status: 'waiting', ms: null, offers: 0 },
  { id: 'multipharma', status: 'waiting', ms: null, offers: 0 },
];
const answered: RetailerRow[] = [
  { id: 'farmaline', status: 'ok', ms: 640, offers: 2 },
  { id: 'medimarket', status: 'empty', ms: 1234, offers: 0 },
  { id: 'multipharma', status: 'timeout', ms: null, offers: 0 },
];

/** The progress through the stages a search goes through, one click on "next" a stage further. */
function Stages({ steps }: { steps: { stage: SearchStage; retailers: RetailerRow[] }[] }) {
  const [at, setAt] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setAt(at + 1)}>
        next
      </button>
      <SearchProgress {...steps[at]!} />
    </>
  );
}
const next = () => fireEvent.click(screen.getByRole('button', { name: 'next' }));

describe('SearchProgress', () => {
  it('shows every shop while the search runs, then folds into one status line the rows open from (fr)', () => {
    renderWithProviders(
      <Stages
        steps={[
          { stage: 'first_results', retailers: answering },
          { stage: 'complete', retailers: answered },
        ]}
      />,
      { locale: 'fr' },
    );
    expect(details().open).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Premiers résultats trouvés');
    expect(screen.getAllByTestId('retailer-status')).toHaveLength(3);

    next();
    // The same live element says the whole line: the stage, how many shops, the slowest answer.
    expect(plain(screen.getByRole('status').textContent)).toBe('Recherche terminée · 3 pharmacies · 1,2 s');
    expect(screen.getByTestId('search-stage').textContent).toBe('Recherche terminée');
    expect(details().open).toBe(false);

    fireEvent.click(document.querySelector('summary')!);
    expect(details().open).toBe(true);
    expect(screen.getAllByTestId('retailer-status').map((r) => r.getAttribute('data-status'))).toEqual([
      'ok',
      'empty',
      'timeout',
    ]);
  });

  it('says the folded line in Dutch, and leaves the time out when no shop answered in time (nl)', () => {
    renderWithProviders(
      <Stages
        steps={[
          { stage: 'complete', retailers: answered },
          { stage: 'complete', retailers: [{ id: 'farmaline', status: 'error', ms: null, offers: 0 }] },
        ]}
      />,
      { locale: 'nl' },
    );
    expect(plain(screen.getByRole('status').textContent)).toBe('Zoekopdracht voltooid · 3 apotheken · 1,2 sec');
    expect(details().open).toBe(false);
    next();
    expect(plain(screen.getByRole('status').textContent)).toBe('Zoekopdracht voltooid · 1 apotheek');
  });
});
