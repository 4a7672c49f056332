// The group table's rows (pure): each CNK with its stored offers, its card under the settings, its
// mark (why it has no price), and the sort, filter and staleness rules the table and refresh use.
// `buildRows` is the one place a group's rows are priced (ADR 142): the table, the report and the
// export all read its cards.
import type { PricingSettings, ProductCard } from '@pharmaradar/shared/pricing.schema';
import type { VatSource } from '@pharmaradar/shared/vat-rule';
import { priceProduct } from '@pharmaradar/shared/margin-engine';
import type { GroupLine, ProOfferRecord } from '../data/pro-records';
import { officialTitle } from '../import/catalogue-flags';

/**
 * Stored prices older than this are stale: the server caches a retailer's answer for 15 minutes
 * (SEARCH_CACHE_TTL_S), so a younger row would come back unchanged and still cost a CNK of the allowance.
 */
export const STALE_AFTER_MS = 15 * 60_000;

/**
 * Why a row has no market price: none stored yet, unknown to the market, retailers down, no offer, a
 * CNK whose check digit is wrong, or a pack the official catalogue excludes (prescription-only,
 * suspended, revoked): the server asks no shop for these last two.
 */
export type RowMark =
  'no_stored_price' | 'not_found' | 'retailer_error' | 'no_price' | 'invalid_cnk' | 'excluded' | null;

export type GroupRow = {
  cnk: string;
  name: string | null;
  /** The official name and pack (SAM) when the last answer carried them, beside the name (docs/decisions/161). */
  official: string | null;
  /** The line's VAT; null: to be set, and nothing is priced from a guessed rate (docs/decisions/215). */
  vatPercent: number | null;
  /** Who decided it: the file, the pharmacist, the product's kind in the catalogue; null: from before, or none. */
  vatSource: VatSource | null;
  /** The line's purchase price excl. VAT (null: not known). */
  purchaseExVat: number | null;
  offers: number[];
  record: ProOfferRecord | undefined;
  card: ProductCard;
  mark: RowMark;
  /** Age of the stored prices in ms, null when none are stored. */
  ageMs: number | null;
};

export function rowMark(record: ProOfferRecord | undefined): RowMark {
  if (!record) return 'no_stored_price';
  if (record.status === 'not_found') return 'not_found';
  if (record.status === 'error') return 'retailer_error';
  if (record.status === 'invalid_cnk') return 'invalid_cnk';
  if (record.status === 'excluded') return 'excluded';
  return record.offers.length === 0 ? 'no_price' : null;
}

/** One row per line of the group (its lines are the truth: docs/decisions/191), in their order. */
export function buildRows(
  lines: readonly GroupLine[],
  offers: ReadonlyMap<string, ProOfferRecord>,
  settings: PricingSettings,
  now: number,
): GroupRow[] {
  return lines.map((line) => {
    const { cnk } = line;
    const record = offers.get(cnk);
    const { vatPercent, vatSource } = line;
    const fetched = record ? Date.parse(record.fetchedAt) : NaN;
    return {
      cnk,
      // The pharmacist's own name for the product first (imported or typed; a Dutch file stays Dutch),
      // then the shops' one.
      name: line.name || record?.name || null,
      official: officialTitle(record?.official ?? null),
      vatPercent,
      vatSource,
      purchaseExVat: line.purchaseExVat,
      offers: record?.offers ?? [],
      record,
      card: priceProduct({ vatPercent, purchaseExVat: line.purchaseExVat, offers: record?.offers ?? [] }, settings),
      mark: rowMark(record),
      ageMs: Number.isFinite(fetched) ? Math.max(0, now - fetched) : null,
    };
  });
}

/**
 * Rows "Refresh N stale rows" re-prices: analysed before and since failed or older than STALE_AFTER_MS,
 * or analysed with no price to show (offline, from a device that had none: `analysed` holds the CNKs
 * "Analyse" ran on). A row never analysed is not stale: "Analyse" prices it, and counting it here offered
 * to "refresh" lines that had never been read.
 */
const NONE_ANALYSED: ReadonlySet<string> = new Set();

export function isStale(
  row: Pick<GroupRow, 'cnk' | 'record' | 'ageMs'>,
  analysed: ReadonlySet<string> = NONE_ANALYSED,
): boolean {
  if (!row.record) return analysed.has(row.cnk);
  return row.record.status === 'error' || row.ageMs === null || row.ageMs > STALE_AFTER_MS;
}

export const COLUMNS = [
  'name',
  'cnk',
  'lowestOffer',
  'cataloguePrice',
  'vat',
  'recommendedPurchase',
  'sellPrice',
  'margin',
  'discount',
  'age',
] as const;
export type Column = (typeof COLUMNS)[number];
export const TEXT_COLUMNS: ReadonlySet<Column> = new Set(['name', 'cnk']);

export function cellValue(row: GroupRow, column: Column): string | number | null {
  switch (column) {
    case 'name':
      return row.name;
    case 'cnk':
      return row.cnk;
    case 'lowestOffer':
      return row.card.lowestOffer;
    case 'cataloguePrice':
      return row.card.purchaseExVat;
    case 'vat':
      return row.vatPercent;
    case 'recommendedPurchase':
      return row.card.recommendedPurchaseExVat;
    case 'sellPrice':
      return row.card.sellPriceInclVat;
    case 'margin':
      return row.card.marginAtCatalogueRatio;
    case 'discount':
      return row.card.negotiation?.kind === 'discount' ? row.card.negotiation.ratio : null;
    case 'age':
      return row.ageMs;
  }
}

export type Sort = { column: Column; direction: 'asc' | 'desc' };

/** Sorted copy; empty cells always last, whatever the direction (a pharmacist looks at figures first). */
export function sortRows(rows: readonly GroupRow[], sort: Sort | null, locale: string): GroupRow[] {
  if (!sort) return [...rows];
  const sign = sort.direction === 'asc' ? 1 : -1;
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  return [...rows].sort((a, b) => {
    const x = cellValue(a, sort.column);
    const y = cellValue(b, sort.column);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    if (typeof x === 'number' && typeof y === 'number') return (x - y) * sign;
    return collator.compare(String(x), String(y)) * sign;
  });
}

/**
 * Per-column filters: text columns keep rows containing the typed text (any case); figure columns keep
 * rows at or above the typed number (percent columns in %, the age in minutes); `mark` keeps one mark.
 */
export type Filters = Partial<Record<Column, string>> & { mark?: RowMark | 'priced' | '' };

function asNumber(text: string): number | null {
  const n = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(n) ? n : null;
}

export function filterRows(rows: readonly GroupRow[], filters: Filters): GroupRow[] {
  return rows.filter((row) => {
    if (filters.mark) {
      if (filters.mark === 'priced' ? row.mark !== null : row.mark !== filters.mark) return false;
    }
    for (const column of Object.keys(filters) as (keyof Filters)[]) {
      if (column === 'mark') continue;
      const typed = filters[column]?.trim() ?? '';
      if (!typed) continue;
      const value = cellValue(row, column);
      if (TEXT_COLUMNS.has(column)) {
        if (
          !String(value ?? '')
            .toLocaleLowerCase()
            .includes(typed.toLocaleLowerCase())
        )
          return false;
        continue;
      }
      const min = asNumber(typed);
      if (min === null) continue;
      if (value === null || typeof value !== 'number') return false;
      const scaled =
        column === 'margin' || column === 'discount' ? value * 100 : column === 'age' ? value / 60_000 : value;
      if (scaled < min) return false;
    }
    return true;
  });
}

/** Seconds left, from the pace so far; null until a first row is done. */
export function secondsLeft(done: number, total: number, elapsedMs: number): number | null {
  if (done <= 0 || elapsedMs <= 0) return null;
  return Math.max(0, Math.round(((elapsedMs / done) * (total - done)) / 1000));
}
