// A finished analysis as the report keeps it: the table's rows, already priced, reduced to what the
// report compares (ADR 086). Nothing is priced again here (ADR 142).
import type { PricingSettings } from '@pharmaradar/shared/pricing.schema';
import type { ProReportRecord, ProReportRow } from '../data/pro-records';
import type { GroupRow } from '../group/group-rows';

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

/** The report record of a group's finished analysis, from the rows the table shows. */
export function analysisRecord(input: {
  groupId: string;
  analysedAt: number;
  settings: PricingSettings;
  rows: readonly GroupRow[];
}): ProReportRecord {
  return {
    id: crypto.randomUUID(),
    groupId: input.groupId,
    analysedAt: input.analysedAt,
    settings: { ...input.settings },
    rows: reportRows(input.rows),
  };
}
