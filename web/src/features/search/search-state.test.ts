import { describe, expect, it } from 'vitest';
import type { SearchEvent } from '@pharmaradar/shared/search.schema';
import { initialSearchState, searchReducer, type SearchState } from './search-state';
import { dafalganResult, FARMALINE, MEDIMARKET, MULTIPHARMA, offer } from './testing/search-fixtures';

const start = (query = 'dafalgan', kind: 'name' | 'cnk' = 'name') =>
  searchReducer(initialSearchState, { type: 'start', query, kind });
const apply = (state: SearchState, ...events: SearchEvent[]) =>
  events.reduce((s, event) => searchReducer(s, { type: 'event', event }), state);
const retailer = (
  id: string,
  offers = [offer({ retailer: id })],
  status: 'ok' | 'empty' | 'error' = 'ok',
): SearchEvent => ({
  event: 'retailer',
  data: { retailer: id, status, ms: 120, offers },
});

describe('search state', () => {
  it('starts with the three default retailers waiting and the launching stage', () => {
    const state = start();
    expect(state.status).toBe('loading');
    expect(state.stage).toBe('launching');
    expect(state.retailers.map((r) => `${r.id}:${r.status}`)).toEqual([
      'farmaline:waiting',
      'medimarket:waiting',
      'multipharma:waiting',
    ]);
  });

  it('shows the first retailer offers at once as a provisional product', () => {
    const state = apply(start(), retailer('farmaline', [FARMALINE]));
    expect(state.retailers.find((r) => r.id === 'farmaline')).toMatchObject({ status: 'ok', offers: 1, ms: 120 });
    expect(state.retailers.find((r) => r.id === 'medimarket')?.status).toBe('waiting');
    expect(state.products).toHaveLength(1);
    expect(state.products[0]!.offers).toEqual([{ ...FARMALINE, best: true }]);
  });

  it('groups offers of several retailers by CNK, cheapest first, flagging the lowest as best', () => {
    const state = apply(start(), retailer('farmaline', [FARMALINE]), retailer('medimarket', [MEDIMARKET]));
    expect(state.products).toHaveLength(1);
    expect(state.products[0]!.offers.map((o) => [o.retailer, o.price, o.best])).toEqual([
      ['medimarket', 2.95, true],
      ['farmaline', 3.49, false],
    ]);
  });

  it('keeps products with different CNKs apart and groups CNK-less offers by name', () => {
    const state = apply(
      start(),
      retailer('farmaline', [FARMALINE, offer({ cnk: '1234567', name: 'Dafalgan Forte 1 g', price: 5.1 })]),
      retailer('medimarket', [offer({ retailer: 'medimarket', cnk: null, name: 'Dafalgan Forte 1g', price: 4.99 })]),
    );
    expect(state.products.map((p) => [p.cnk, p.offers.length])).toEqual([
      ['1234567', 2],
      ['3720083', 1],
    ]);
  });

  it('ties: every offer at the lowest price is best', () => {
    const state = apply(
      start(),
      retailer('farmaline', [FARMALINE]),
      retailer('medimarket', [offer({ retailer: 'medimarket', price: 3.49 })]),
    );
    expect(state.products[0]!.offers.map((o) => o.best)).toEqual([true, true]);
  });

  it('replaces the provisional products by the final result and completes', () => {
    const state = apply(
      start(),
      retailer('farmaline', [FARMALINE]),
      retailer('medimarket', [MEDIMARKET]),
      retailer('multipharma', [MULTIPHARMA]),
      { event: 'result', data: dafalganResult() },
    );
    expect(state.status).toBe('done');
    expect(state.stage).toBe('complete');
    expect(state.result).toEqual(dafalganResult());
    expect(state.products).toBe(state.result!.products);
    expect(state.fetchedAt).toBe('2026-03-14T09:30:00.000Z');
    expect(state.retailers.map((r) => [r.id, r.status, r.offers])).toEqual([
      ['farmaline', 'ok', 1],
      ['medimarket', 'ok', 1],
      ['multipharma', 'ok', 1],
    ]);
  });

  it('knows whether the prices are demo prices from the launching event, before any retailer', () => {
    expect(start().demo).toBeNull();
    const demo = apply(start(), { event: 'stage', data: { stage: 'launching', demo: true } });
    expect(demo).toMatchObject({ demo: true, stage: 'launching', products: [] });
    const live = apply(start(), { event: 'stage', data: { stage: 'launching', demo: false } });
    expect(live.demo).toBe(false);
    expect(apply(live, { event: 'stage', data: { stage: 'first_results' } }).demo).toBe(false);
    expect(apply(demo, { event: 'result', data: dafalganResult({ demo: false }) }).demo).toBe(false);
  });

  it('records a failing retailer without losing the others', () => {
    const state = apply(start(), retailer('farmaline', [FARMALINE]), retailer('multipharma', [], 'error'));
    expect(state.retailers.map((r) => r.status)).toEqual(['ok', 'waiting', 'error']);
    expect(state.products).toHaveLength(1);
  });

  it('ignores late events once a search failed or was replaced', () => {
    const failed = searchReducer(start(), { type: 'failed', error: { code: 'internal', detail: null } });
    expect(apply(failed, retailer('farmaline')).retailers).toEqual(failed.retailers);
  });

  it('shows a saved result when offline, and says when nothing is saved', () => {
    const saved = {
      query: 'fr|name:dafalgan',
      lang: 'fr' as const,
      kind: 'name' as const,
      label: 'dafalgan',
      result: dafalganResult(),
      fetchedAt: '2026-03-01T08:00:00.000Z',
      savedAt: 1,
    };
    const withSaved = searchReducer(start(), { type: 'offline', reason: 'offline', saved });
    expect(withSaved).toMatchObject({
      status: 'offline',
      fromCache: true,
      fetchedAt: '2026-03-01T08:00:00.000Z',
      offlineReason: 'offline',
    });
    expect(withSaved.products).toHaveLength(1);
    expect(withSaved.demo).toBe(true);
    const none = searchReducer(start(), { type: 'offline', reason: 'unreachable', saved: null });
    expect(none).toMatchObject({ status: 'offline', result: null, products: [], offlineReason: 'unreachable' });
  });
});
