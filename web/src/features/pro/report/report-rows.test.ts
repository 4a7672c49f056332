import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fromSyncedLines } from '@pharmaradar/shared/group-line';
import { DEFAULT_PRICING_SETTINGS } from '@pharmaradar/shared/pricing.schema';
import { db, type ProOfferRecord } from '../../../db/db';
import { proStore, REPORTS_KEPT } from '../data/pro-store';
import { buildRows } from '../group/group-rows';
import { analysisRecord } from './report-rows';

const offer = (cnk: string, offers: number[]): ProOfferRecord => ({
  cnk,
  name: `P${cnk}`,
  status: offers.length ? 'found' : 'not_found',
  offers,
  fetchedAt: '2026-11-23T10:00:00Z',
});

// A finished analysis as group mode records it: the table's rows, priced once, kept by the store.
const analyse = (groupId: string, analysedAt: number) => {
  const rows = buildRows(
    fromSyncedLines(['1000001', '1000002', '1000003'], { '1000001': { price: 6, vat: 6 } }),
    new Map([
      ['1000001', offer('1000001', [10, 12, 14])],
      ['1000002', offer('1000002', [])],
    ]),
    DEFAULT_PRICING_SETTINGS,
    analysedAt,
  );
  return proStore.saveReport(analysisRecord({ groupId, analysedAt, settings: DEFAULT_PRICING_SETTINGS, rows }));
};

beforeEach(() => db.proReports.clear());

describe('report records', () => {
  it('keeps each product as the table showed it', async () => {
    await analyse('g', 1000);
    const [report] = await proStore.latestReports('g');
    expect(report).toMatchObject({ groupId: 'g', analysedAt: 1000, settings: DEFAULT_PRICING_SETTINGS });
    // Balanced: R is the median 12 € incl. 6 % VAT, so 11.32 € excl. VAT; at a 6 € catalogue price
    // the margin is (11.3208 − 6) / 11.3208 = 47.0 %.
    expect(report!.rows[0]).toMatchObject({ cnk: '1000001', lowestOffer: 10, sellPriceInclVat: 12, status: 'priced' });
    expect(report!.rows[0]!.marginRatio).toBeCloseTo(0.47, 2);
    expect(report!.rows.slice(1).map((r) => [r.cnk, r.status, r.lowestOffer])).toEqual([
      ['1000002', 'not_found', null],
      ['1000003', 'no_stored_price', null],
    ]);
  });

  it(`keeps the last ${REPORTS_KEPT} analyses per group, latest first, and deletes a group's only`, async () => {
    for (let i = 1; i <= REPORTS_KEPT + 2; i += 1) await analyse('g', i * 1000);
    await analyse('other', 500);
    expect(await db.proReports.count()).toBe(REPORTS_KEPT + 1);
    expect((await proStore.latestReports('g')).map((r) => r.analysedAt)).toEqual([22_000, 21_000]);
    const kept = await db.proReports.where('[groupId+analysedAt]').between(['g', 0], ['g', Infinity]).toArray();
    expect(kept[0]!.analysedAt).toBe(3000);
    await proStore.deleteReports('g');
    expect(await proStore.latestReports('g')).toEqual([]);
    expect((await proStore.latestReports('other')).length).toBe(1);
  });
});
