import type { ProReportRow } from '../data/pro-records';

/** A stored report's row: the lowest offer is also the market reference; no lowest offer, no price. */
export function reportRow(
  cnk: string,
  lowest: number | null,
  sell: number | null,
  margin: number | null,
  name = `P${cnk}`,
): ProReportRow {
  return {
    cnk,
    name,
    lowestOffer: lowest,
    marketReference: lowest,
    recommendedPurchaseExVat: null,
    sellPriceInclVat: sell,
    marginRatio: margin,
    status: lowest === null ? 'no_price' : 'priced',
  };
}
