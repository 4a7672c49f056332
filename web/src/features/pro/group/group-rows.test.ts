import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING_SETTINGS } from '@pharmaradar/shared/pricing.schema';
import { fromSyncedLines } from '@pharmaradar/shared/group-line';
import type { ProOfferRecord } from '../../../db/db';
import { buildRows, filterRows, isStale, secondsLeft, sortRows, STALE_AFTER_MS } from './group-rows';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const at = (minutesAgo: number) => new Date(NOW - minutesAgo * 60_000).toISOString();
const offer = (cnk: string, name: string, offers: number[], minutesAgo = 1): ProOfferRecord => ({
  cnk,
  name,
  status: 'found',
  offers,
  fetchedAt: at(minutesAgo),
});

const offers = new Map<string, ProOfferRecord>([
  ['1000001', offer('1000001', 'Dafalgan 1 g', [10, 12, 14])],
  ['1000002', offer('1000002', 'Arnica gel', [5, 6], 60)],
  ['1000003', { cnk: '1000003', name: null, status: 'not_found', offers: [], fetchedAt: at(2) }],
  ['1000004', { cnk: '1000004', name: null, status: 'error', offers: [], fetchedAt: at(2) }],
  ['1000005', offer('1000005', 'Zinc', [])],
]);
const synced = { '1000001': { price: 8, vat: 6 }, '1000002': { vat: 6 } };
const lines = fromSyncedLines(['1000001', '1000002', '1000003', '1000004', '1000005', '1000006'], synced);
const rows = buildRows(lines, offers, DEFAULT_PRICING_SETTINGS, NOW);

describe('group rows', () => {
  it('marks a CNK the server refused for its check digit', () => {
    const refused: ProOfferRecord = { cnk: '0168536', name: null, status: 'invalid_cnk', offers: [], fetchedAt: at(1) };
    const [row] = buildRows(
      fromSyncedLines(['0168536'], synced),
      new Map([['0168536', refused]]),
      DEFAULT_PRICING_SETTINGS,
      NOW,
    );
    expect(row!.mark).toBe('invalid_cnk');
    expect(filterRows([row!], { mark: 'invalid_cnk' })).toHaveLength(1);
  });

  it('marks why a row has no price and prices the others under the settings', () => {
    expect(rows.map((r) => r.mark)).toEqual([null, null, 'not_found', 'retailer_error', 'no_price', 'no_stored_price']);
    // Balanced: the median 12 € incl. 6 % VAT; margin at 8 € catalogue = (11.32 − 8) / 11.32.
    expect(rows[0]!.card.sellPriceInclVat).toBe(12);
    expect(rows[0]!.card.marginAtCatalogueRatio).toBeCloseTo(0.2933, 3);
    expect(rows[1]!.ageMs).toBe(60 * 60_000);
    expect(rows[5]!.ageMs).toBeNull();
  });

  it('stale rows: analysed, then failed or older than the server cache; a row never analysed is not stale', () => {
    expect(rows.filter((r) => isStale(r)).map((r) => r.cnk)).toEqual(['1000002', '1000004']);
    expect(isStale({ cnk: '1000001', record: offers.get('1000001'), ageMs: STALE_AFTER_MS + 1 })).toBe(true);
    expect(isStale({ cnk: '1000009', record: undefined, ageMs: null })).toBe(false);
    // Analysed (offline) with no stored price: refreshed once online.
    expect(isStale({ cnk: '1000009', record: undefined, ageMs: null }, new Set(['1000009']))).toBe(true);
  });

  it('sorts by a column both ways, empty cells last', () => {
    const asc = sortRows(rows, { column: 'sellPrice', direction: 'asc' }, 'fr');
    expect(asc.map((r) => r.cnk).slice(0, 2)).toEqual(['1000002', '1000001']);
    expect(asc.at(-1)!.card.sellPriceInclVat).toBeNull();
    const desc = sortRows(rows, { column: 'sellPrice', direction: 'desc' }, 'fr');
    expect(desc.map((r) => r.cnk).slice(0, 2)).toEqual(['1000001', '1000002']);
    expect(sortRows(rows, { column: 'name', direction: 'asc' }, 'fr')[0]!.name).toBe('Arnica gel');
  });

  it('filters by text, by a minimum figure (percent columns in %) and by mark', () => {
    expect(filterRows(rows, { name: 'DAF' }).map((r) => r.cnk)).toEqual(['1000001']);
    expect(filterRows(rows, { cnk: '00000' }).length).toBe(6);
    expect(filterRows(rows, { sellPrice: '6' }).map((r) => r.cnk)).toEqual(['1000001']);
    expect(filterRows(rows, { margin: '29' }).map((r) => r.cnk)).toEqual(['1000001']);
    expect(filterRows(rows, { margin: '30' })).toEqual([]);
    expect(filterRows(rows, { age: '30' }).map((r) => r.cnk)).toEqual(['1000002']);
    expect(filterRows(rows, { mark: 'not_found' }).map((r) => r.cnk)).toEqual(['1000003']);
    expect(filterRows(rows, { mark: 'priced' }).map((r) => r.cnk)).toEqual(['1000001', '1000002']);
  });

  it('time left follows the pace so far', () => {
    expect(secondsLeft(0, 50, 1000)).toBeNull();
    expect(secondsLeft(10, 50, 5000)).toBe(20);
    expect(secondsLeft(50, 50, 5000)).toBe(0);
  });
});

describe('a line without VAT (docs/decisions/215)', () => {
  // Avène SPF 50+, imported from a file without VAT column: market reference 25.55 € incl. VAT.
  const avene = new Map([['3334441', offer('3334441', 'Avène SPF 50+', [24.9, 25.55, 26.2])]]);
  const line = (synced: Parameters<typeof fromSyncedLines>[1]) =>
    buildRows(fromSyncedLines(['3334441'], synced), avene, DEFAULT_PRICING_SETTINGS, NOW)[0]!;

  it('is not priced at an assumed 6 %: the market figures only, no purchase or sell price, no margin', () => {
    const row = line({ '3334441': { price: 15.2 } });
    expect(row.vatPercent).toBeNull();
    expect(row.card).toMatchObject({
      status: 'no_vat',
      lowestOffer: 24.9,
      recommendedPurchaseExVat: null,
      sellPriceInclVat: null,
      marginAtCatalogueRatio: null,
    });
  });

  it('is priced at 21 % once the catalogue classed it non-medicinal, and says so', () => {
    const row = line({ '3334441': { price: 15.2, vat: 21, vatFrom: 'catalogue-non-medicinal' } });
    expect(row).toMatchObject({ vatPercent: 21, vatSource: 'catalogue-non-medicinal' });
    expect(row.card).toMatchObject({ recommendedPurchaseExVat: 14.78, marginAtCatalogueRatio: 0.2802 });
  });
});
