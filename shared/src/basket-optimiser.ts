import type { RetailerShipping } from './basket.schema';

// The basket's totals per retailer and its cheapest split across retailers (ADR 111).
// Everything is computed in cents so ties and thresholds are exact.

export type BasketLine = {
  key: string;
  quantity: number;
  /** Price of one pack at each retailer that sells it (EUR). */
  prices: Readonly<Record<string, number>>;
  /** Retailers whose offer was out of stock: never recommended for this line. */
  outOfStock?: readonly string[];
};

export type RetailerTotal = {
  retailer: string;
  subtotal: number;
  shipping: number;
  total: number;
  /** Keys of the lines this retailer does not sell (among those sold somewhere). */
  missing: string[];
};

export type SplitPart = { retailer: string; keys: string[]; subtotal: number; shipping: number };

export type BasketPlan = {
  /** Every retailer that sells at least one line, cheapest complete ones first. */
  retailers: RetailerTotal[];
  /** The cheapest retailer that sells every available line, or null when none does. */
  cheapestSingle: RetailerTotal | null;
  /** The cheapest way to buy every available line, across as many retailers as pays; null when empty. */
  split: { parts: SplitPart[]; total: number; exact: boolean } | null;
  /** Keys of the lines no retailer sells. */
  unavailable: string[];
  /** Keys of the lines every retailer selling them has out of stock: left out of the plans, and said so. */
  outOfStock: string[];
};

const toCents = (euros: number) => Math.round(euros * 100);
const toEuros = (cents: number) => cents / 100;

type Terms = { cost: number; freeFrom: number | null };

function termsOf(shipping: readonly RetailerShipping[], retailer: string): Terms {
  const found = shipping.find((s) => s.id === retailer);
  // A shop whose terms we do not know is counted without delivery cost rather than guessed.
  if (!found) return { cost: 0, freeFrom: null };
  return { cost: toCents(found.cost), freeFrom: found.freeFrom === null ? null : toCents(found.freeFrom) };
}

function shippingCents(terms: Terms, subtotal: number): number {
  return terms.freeFrom !== null && subtotal >= terms.freeFrom ? 0 : terms.cost;
}

/** The line's prices at the retailers that have it in stock (or do not say). */
function buyableLine(line: BasketLine): BasketLine {
  const soldOut = new Set(line.outOfStock ?? []);
  return { ...line, prices: Object.fromEntries(Object.entries(line.prices).filter(([id]) => !soldOut.has(id))) };
}

export function planBasket(input: readonly BasketLine[], shipping: readonly RetailerShipping[]): BasketPlan {
  const lines = input.filter((l) => l.quantity > 0).map(buyableLine);
  const available = lines.filter((l) => Object.keys(l.prices).length > 0);
  const outOfStock = input
    .filter((l) => l.quantity > 0 && (l.outOfStock ?? []).some((id) => l.prices[id] !== undefined))
    .filter((l) => !available.some((a) => a.key === l.key))
    .map((l) => l.key);
  const unavailable = input
    .filter((l) => !available.some((a) => a.key === l.key) && !outOfStock.includes(l.key))
    .map((l) => l.key);
  const retailerIds = [...new Set(available.flatMap((l) => Object.keys(l.prices)))].sort();
  const terms = new Map(retailerIds.map((id) => [id, termsOf(shipping, id)]));
  const lineCents = (line: BasketLine, retailer: string) => toCents(line.prices[retailer]!) * line.quantity;

  const retailers = retailerIds.map((retailer): RetailerTotal => {
    const sold = available.filter((l) => l.prices[retailer] !== undefined);
    const subtotal = sold.reduce((sum, l) => sum + lineCents(l, retailer), 0);
    const ship = shippingCents(terms.get(retailer)!, subtotal);
    return {
      retailer,
      subtotal: toEuros(subtotal),
      shipping: toEuros(ship),
      total: toEuros(subtotal + ship),
      missing: available.filter((l) => l.prices[retailer] === undefined).map((l) => l.key),
    };
  });
  retailers.sort(
    (a, b) =>
      Number(a.missing.length > 0) - Number(b.missing.length > 0) ||
      a.total - b.total ||
      a.retailer.localeCompare(b.retailer),
  );
  const cheapestSingle = retailers.find((r) => r.missing.length === 0) ?? null;

  return {
    retailers,
    cheapestSingle,
    split: cheapestSplit(available, retailerIds, terms, lineCents),
    unavailable,
    outOfStock,
  };
}

/** Search steps one split may take; past it the best split found so far is kept (`exact: false`). */
export const SPLIT_SEARCH_BUDGET = 40_000;

/**
 * Depth-first search over assignments line -> retailer, dearest lines first, pruned by a lower bound
 * (the cheapest price of every line left, plus the delivery a used retailer must pay because even every
 * line left could not lift it to its threshold) and by a memo of the capped subtotals already reached
 * at the same depth for less (ADR 111). Exact unless the budget runs out, which real baskets never hit.
 */
function cheapestSplit(
  lines: readonly BasketLine[],
  retailerIds: readonly string[],
  terms: ReadonlyMap<string, Terms>,
  lineCents: (line: BasketLine, retailer: string) => number,
): BasketPlan['split'] {
  if (lines.length === 0) return null;
  const R = retailerIds.length;
  const termList = retailerIds.map((id) => terms.get(id)!);
  // cents[i][r]: line i at retailer r, or null when r does not sell it.
  const costs = lines.map((l) => retailerIds.map((id) => (l.prices[id] === undefined ? null : lineCents(l, id))));
  const order = lines
    .map((_, i) => i)
    .sort((a, b) => Math.max(...costs[b]!.map((c) => c ?? 0)) - Math.max(...costs[a]!.map((c) => c ?? 0)));
  const n = order.length;
  const suffixMin = new Array<number>(n + 1).fill(0);
  const suffixAt = Array.from({ length: n + 1 }, () => new Array<number>(R).fill(0));
  for (let k = n - 1; k >= 0; k -= 1) {
    const row = costs[order[k]!]!;
    suffixMin[k] = suffixMin[k + 1]! + Math.min(...row.filter((c): c is number => c !== null));
    for (let r = 0; r < R; r += 1) suffixAt[k]![r] = suffixAt[k + 1]![r]! + (row[r] ?? 0);
  }

  const subtotals = new Array<number>(R).fill(0);
  const used = new Array<number>(R).fill(0);
  const assignment = new Array<number>(n).fill(-1);
  let best = { total: Infinity, parcels: Infinity, assignment: [] as number[] };
  const memo = new Map<string, number>();
  let steps = 0;

  const finish = (cost: number) => {
    let total = cost;
    let parcels = 0;
    for (let r = 0; r < R; r += 1) {
      if (used[r] === 0) continue;
      parcels += 1;
      total += shippingCents(termList[r]!, subtotals[r]!);
    }
    // Same price: fewer parcels is better for the shopper.
    if (total < best.total || (total === best.total && parcels < best.parcels))
      best = { total, parcels, assignment: [...assignment] };
  };

  const walk = (k: number, cost: number) => {
    steps += 1;
    if (k === n) return finish(cost);
    let bound = cost + suffixMin[k]!;
    for (let r = 0; r < R; r += 1) {
      const t = termList[r]!;
      if (used[r] && (t.freeFrom === null || subtotals[r]! + suffixAt[k]![r]! < t.freeFrom)) bound += t.cost;
    }
    if (bound > best.total || steps > SPLIT_SEARCH_BUDGET) return;
    const key = `${k}|${subtotals.map((s, r) => (used[r] ? Math.min(s, termList[r]!.freeFrom ?? 0) : -1)).join(',')}`;
    const seen = memo.get(key);
    if (seen !== undefined && seen <= cost) return;
    memo.set(key, cost);

    const row = costs[order[k]!]!;
    const choices = row.flatMap((c, r) => (c === null ? [] : [r])).sort((a, b) => row[a]! - row[b]!);
    for (const r of choices) {
      subtotals[r]! += row[r]!;
      used[r]! += 1;
      assignment[k] = r;
      walk(k + 1, cost + row[r]!);
      subtotals[r]! -= row[r]!;
      used[r]! -= 1;
    }
  };
  walk(0, 0);

  const parts: SplitPart[] = [];
  retailerIds.forEach((retailer, r) => {
    const mine = order.flatMap((i, k) => (best.assignment[k] === r ? [lines[i]!] : []));
    if (mine.length === 0) return;
    const subtotal = mine.reduce((sum, l) => sum + lineCents(l, retailer), 0);
    parts.push({
      retailer,
      keys: lines.filter((l) => mine.includes(l)).map((l) => l.key),
      subtotal: toEuros(subtotal),
      shipping: toEuros(shippingCents(termList[r]!, subtotal)),
    });
  });
  return { parts, total: toEuros(best.total), exact: steps <= SPLIT_SEARCH_BUDGET };
}
