// The group report (pure): what moved between two finished analyses of a group (docs/architecture.md#settled-choices "reports").
import type { ProReportRow } from '../data/pro-records';

/**
 * How the lowest market price moved: a product (or its price) that appeared is `new`, one that is no
 * longer in the group or no longer priced is `gone`. The lowest offer is the market fact; the sell price
 * also follows the strategy, so a change of settings shows as a margin change, never as a price move.
 */
export type PriceMove = 'up' | 'down' | 'same' | 'new' | 'gone' | 'none';
export type MarginMove = 'up' | 'down' | 'same' | 'none';

export type ReportLine = {
  cnk: string;
  name: string | null;
  price: PriceMove;
  lowestBefore: number | null;
  lowestAfter: number | null;
  sellBefore: number | null;
  sellAfter: number | null;
  margin: MarginMove;
  marginBefore: number | null;
  marginAfter: number | null;
};

export type ReportSummary = Record<'up' | 'down' | 'same' | 'new' | 'gone', number> & {
  marginUp: number;
  marginDown: number;
};

export type Comparison = {
  /** Products whose price or margin changed, in the latest analysis's order, then the gone ones. */
  lines: ReportLine[];
  summary: ReportSummary;
};

// Prices compare to the cent and ratios to 0.01 %, the precision they are shown and stored at (ADR 060).
const cents = (x: number) => Math.round(x * 100);
const basisPoints = (x: number) => Math.round(x * 10_000);

function priceMove(before: number | null, after: number | null, inBefore: boolean, inAfter: boolean): PriceMove {
  if (!inBefore || (before === null && after !== null)) return after === null ? 'none' : 'new';
  if (!inAfter || (before !== null && after === null)) return before === null ? 'none' : 'gone';
  if (before === null || after === null) return 'none';
  const d = cents(after) - cents(before);
  return d > 0 ? 'up' : d < 0 ? 'down' : 'same';
}

function marginMove(before: number | null, after: number | null): MarginMove {
  if (before === null || after === null) return 'none';
  const d = basisPoints(after) - basisPoints(before);
  return d > 0 ? 'up' : d < 0 ? 'down' : 'same';
}

export function compareReports(previous: readonly ProReportRow[], latest: readonly ProReportRow[]): Comparison {
  const before = new Map(previous.map((r) => [r.cnk, r]));
  const after = new Set(latest.map((r) => r.cnk));
  const summary: ReportSummary = { up: 0, down: 0, same: 0, new: 0, gone: 0, marginUp: 0, marginDown: 0 };
  const lines: ReportLine[] = [];
  const add = (old: ProReportRow | undefined, now: ProReportRow | undefined) => {
    const row = (now ?? old)!;
    const line: ReportLine = {
      cnk: row.cnk,
      name: now?.name ?? old?.name ?? null,
      price: priceMove(old?.lowestOffer ?? null, now?.lowestOffer ?? null, old !== undefined, now !== undefined),
      lowestBefore: old?.lowestOffer ?? null,
      lowestAfter: now?.lowestOffer ?? null,
      sellBefore: old?.sellPriceInclVat ?? null,
      sellAfter: now?.sellPriceInclVat ?? null,
      margin: marginMove(old?.marginRatio ?? null, now?.marginRatio ?? null),
      marginBefore: old?.marginRatio ?? null,
      marginAfter: now?.marginRatio ?? null,
    };
    if (line.price !== 'none') summary[line.price] += 1;
    if (line.margin === 'up') summary.marginUp += 1;
    if (line.margin === 'down') summary.marginDown += 1;
    const sellMoved =
      line.sellBefore !== null && line.sellAfter !== null && cents(line.sellBefore) !== cents(line.sellAfter);
    if ((line.price !== 'same' && line.price !== 'none') || line.margin === 'up' || line.margin === 'down' || sellMoved)
      lines.push(line);
  };
  for (const now of latest) add(before.get(now.cnk), now);
  for (const old of previous) if (!after.has(old.cnk)) add(old, undefined);
  return { lines, summary };
}
