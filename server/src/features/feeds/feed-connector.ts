import { LOCALES } from '@pharmaradar/shared/locales';
import { officialTextsOf, type CatalogueLookup } from '../../lib/catalogue-lookup';
import type { RetailerConnector, RetailerOffer, SearchQuery, ShopId } from '../../retailers/types';
import { priceAt } from './feed-parse/feed-sale';
import { FEED_ANSWER_LIMIT, type FeedItemRow, type FeedsRepository } from './feeds.repository';

// A shop read from its feed answers the search like a page connector (same contract, same SSE event,
// same answer shape), but from SQLite at once (docs/decisions/170).

export interface FeedConnectorDeps {
  id: ShopId;
  label: string;
  baseUrl: string;
  repo: FeedsRepository;
  catalogue: CatalogueLookup;
  /** GTIN -> CNK pairs known besides the official catalogue (the search's own EAN lookup), or none. */
  cnkOfGtin?: ((gtin: string) => string | null) | null;
  /** The time of an answer: a sale shows only inside its window (sale_price_effective_date). */
  now?: () => number;
  /** Applied to each offer's link and image (demo mode: the demo shops' public paths). */
  rewriteUrl?: (url: string) => string;
}

/** Candidates read from the index per answer: some are dropped when the catalogue names them otherwise. */
const NAME_CANDIDATES = FEED_ANSWER_LIMIT * 4;

/** The words of a text as the index sees them: letters and digits, lower case, without accents. */
const wordsOf = (text: string): string[] =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu) ?? [];

/** Words of a name query as an FTS5 query: every word, as a prefix, quoted (no FTS syntax gets through). */
export function ftsQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length > 0 ? words.map((w) => `"${w}"*`).join(' ') : null;
}

/** True when every word of `query` starts a word of one of `texts` (the index's prefix match). */
function namedBy(query: string, texts: readonly string[]): boolean {
  const words = texts.flatMap(wordsOf);
  return wordsOf(query).every((q) => words.some((w) => w.startsWith(q)));
}

export function createFeedConnector(deps: FeedConnectorDeps): RetailerConnector {
  const { repo, catalogue } = deps;
  const rewrite = deps.rewriteUrl ?? ((url: string) => url);
  const now = deps.now ?? Date.now;

  /** The item's CNK: its own, else its GTIN's in the official catalogue, else in the other pairs. */
  const cnkOf = (row: FeedItemRow): string | null => {
    if (row.cnk) return row.cnk;
    if (!row.gtin) return null;
    return catalogue.byGtin(row.gtin) ?? deps.cnkOfGtin?.(row.gtin) ?? null;
  };

  const toOffer = (row: FeedItemRow): RetailerOffer => {
    const cnk = cnkOf(row);
    // What the catalogue excludes (prescription-only, suspended, revoked) is dropped like a shop's
    // prescription item: the search filters offers marked prescription.
    const excluded = cnk !== null && catalogue.verdict(cnk).offer === false;
    const { price, wasPrice } = priceAt(
      {
        price: row.price_cents / 100,
        wasPrice: row.was_price_cents === null ? null : row.was_price_cents / 100,
        saleFrom: row.sale_from,
        saleUntil: row.sale_until,
      },
      now(),
    );
    return {
      retailer: deps.id,
      name: row.title,
      brand: row.brand,
      cnk,
      price,
      currency: 'EUR',
      url: row.link === null ? null : rewrite(row.link),
      image: row.image === null ? null : rewrite(row.image),
      inStock: row.in_stock === null ? null : row.in_stock === 1,
      prescription: excluded,
      ...(wasPrice !== null ? { wasPrice } : {}),
    };
  };

  const rowsFor = (query: SearchQuery): FeedItemRow[] => {
    if (query.kind === 'ean') return repo.byGtins(deps.id, [query.value]);
    if (query.kind === 'cnk') {
      const entry = catalogue.byCnk(query.value, 'fr');
      const gtins = entry?.kind === 'medicine' ? entry.gtins : [];
      const rows = [...repo.byCnk(deps.id, query.value), ...(gtins.length ? repo.byGtins(deps.id, gtins) : [])];
      const seen = new Set<string>();
      return rows.filter((r) => !seen.has(r.item_id) && seen.add(r.item_id));
    }
    const match = ftsQuery(query.value);
    if (!match) return [];
    // A feed's title is the shop's text: an item whose pack the catalogue knows answers a name only
    // when the catalogue's own names (any language) hold it, so no title puts a pack into another
    // medicine's results. Read at each search, so a catalogue imported after the feed decides too.
    const named = repo.byName(deps.id, match, NAME_CANDIDATES).filter((row) => {
      const cnk = cnkOf(row);
      const texts = cnk ? officialTextsOf(catalogue, cnk, LOCALES) : [];
      return texts.length === 0 || namedBy(query.value, texts);
    });
    return named.slice(0, FEED_ANSWER_LIMIT);
  };

  return {
    id: deps.id,
    label: deps.label,
    baseUrl: deps.baseUrl,
    languages: ['fr'],
    searchesByEan: true,
    search: async (query) => rowsFor(query).map(toOffer),
    fetchedAt: () => repo.state(deps.id)?.checked_at ?? null,
  };
}
