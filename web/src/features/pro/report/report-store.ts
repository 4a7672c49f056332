// Group analysis snapshots on this device (Dexie proReports): written when an analysis finishes, read
// by the report. Not synced (like stored offers, ADR 080) and wiped at logout.
import type { PricingSettings } from '@pharmaradar/shared';
import { db, type ProOfferRecord, type ProReportRecord, type ProReportRow } from '../../../db/db';
import { buildRows, type CatalogueEntry, type GroupRow } from '../group/group-rows';

/** Snapshots kept per group: the report needs two; a few more cost little and allow a later history. */
export const REPORTS_KEPT = 20;

export function reportRows(rows: readonly GroupRow[]): ProReportRow[] {
  return rows.map((r) => ({
    cnk: r.cnk,
    name: r.name,
    lowestOffer: r.card.lowestOffer,
    marketReference: r.card.marketReference,
    recommendedPurchaseExVat: r.card.recommendedPurchaseExVat,
    sellPriceInclVat: r.card.sellPriceInclVat,
    marginRatio: r.card.marginAtCatalogueRatio,
    status: r.mark ?? 'priced',
  }));
}

const byGroup = (groupId: string) =>
  db.proReports.where('[groupId+analysedAt]').between([groupId, -Infinity], [groupId, Infinity]);

/** Stores a finished analysis of `cnks` (stored offers merged with the ones just priced) and prunes. */
export async function recordAnalysis(input: {
  groupId: string;
  cnks: readonly string[];
  offers: ReadonlyMap<string, ProOfferRecord>;
  catalogue: ReadonlyMap<string, CatalogueEntry>;
  settings: PricingSettings;
  analysedAt: number;
}): Promise<void> {
  const rows = buildRows(input.cnks, input.offers, input.catalogue, input.settings, input.analysedAt);
  const record: ProReportRecord = {
    id: crypto.randomUUID(),
    groupId: input.groupId,
    analysedAt: input.analysedAt,
    settings: { ...input.settings },
    rows: reportRows(rows),
  };
  await db.transaction('rw', db.proReports, async () => {
    await db.proReports.put(record);
    const ids = (await byGroup(input.groupId).primaryKeys()) as string[];
    if (ids.length > REPORTS_KEPT) await db.proReports.bulkDelete(ids.slice(0, ids.length - REPORTS_KEPT));
  });
}

/** The group's two latest analyses, latest first (fewer when fewer were made). */
export async function latestReports(groupId: string): Promise<ProReportRecord[]> {
  return byGroup(groupId).reverse().limit(2).toArray();
}

export async function deleteReports(groupId: string): Promise<void> {
  await byGroup(groupId).delete();
}
