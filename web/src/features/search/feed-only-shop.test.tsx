import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { searchReducer, initialSearchState } from './search-state';
import { OfferRow } from './offer-row';
import { dafalganResult, offer, product } from './testing/search-fixtures';

// A shop read only from its feed is configured on the server: the web knows its name from the answers
// (kept in the saved answer and in localStorage) and draws its initials for a logo (ADR 179).

const X_OFFER = offer({ retailer: 'pharmacie-x', price: 2.1 });

describe('a shop the web has no name or logo for', () => {
  it('is named from the saved answer offline and drawn with its initials', () => {
    const result = dafalganResult({
      products: [product([X_OFFER])],
      retailers: [{ id: 'pharmacie-x', name: 'Pharmacie X', status: 'ok', ms: 3 }],
    });
    const saved = { query: 'fr|name:dafalgan', lang: 'fr' as const, kind: 'name' as const, label: 'dafalgan', result };
    const state = searchReducer(searchReducer(initialSearchState, { type: 'start', query: 'dafalgan', kind: 'name' }), {
      type: 'offline',
      reason: 'offline',
      saved: { ...saved, fetchedAt: result.fetchedAt, savedAt: 1 },
    });
    renderWithProviders(
      <ul>
        <OfferRow offer={state.products[0]!.offers[0]!} />
      </ul>,
    );
    expect(screen.getByTestId('offer-retailer').textContent).toBe('Pharmacie X');
    expect(screen.getByTestId('retailer-badge').dataset.initials).toBe('PX');
  });

  it('shows its id when no answer ever named it, without crashing', () => {
    renderWithProviders(
      <ul>
        <OfferRow offer={offer({ retailer: 'apotheek-zuid', price: 3 })} />
      </ul>,
    );
    expect(screen.getByTestId('offer-retailer').textContent).toBe('apotheek\u2011zuid');
    expect(screen.getByTestId('retailer-badge').dataset.initials).toBe('AZ');
  });

  it('keeps the names learned for the next visit (the basket and the history name it offline)', async () => {
    const first = await import('../../lib/retailers');
    first.rememberRetailerNames([{ id: 'pharmacie-q', name: 'Pharmacie Quai' }]);
    vi.resetModules();
    const next = await import('../../lib/retailers');
    expect(next).not.toBe(first);
    expect(next.retailerName('pharmacie-q')).toBe('Pharmacie Quai');
  });
});
