import { groupOffers } from '@pharmaradar/shared/search-grouping';
import { unitPriceOf } from '@pharmaradar/shared/unit-price';
import type { SearchOffer, SearchProduct, SearchResult } from '@pharmaradar/shared/search.schema';
import type { Logger } from '../../lib/log';
import type { RetailerId, RetailerOffer, SearchQuery } from '../../retailers/types';
import type { RetailerAnswer } from './retailer-call';
import type { SearchServiceDeps } from './search-ports';

const GROUPED_MEMO_ENTRIES = 200;

type ResultDeps = Pick<SearchServiceDeps, 'pages' | 'demo' | 'now' | 'connectors'>;

export function toSearchOffer(offer: RetailerOffer, query: SearchQuery): SearchOffer {
  return {
    retailer: offer.retailer,
    name: offer.name,
    price: offer.price,
    currency: 'EUR',
    url: offer.url,
    best: false,
    brand: offer.brand,
    cnk: offer.cnk,
    searchedCode: query.kind === 'name' ? null : query.value,
    image: offer.image,
    inStock: offer.inStock,
    unitPrice: unitPriceOf(offer.price, offer.name),
    ...(offer.wasPrice !== undefined ? { wasPrice: offer.wasPrice } : {}),
    ...(offer.matchedBy ? { matchedBy: offer.matchedBy } : {}),
    ...(offer.sponsored ? { sponsored: true as const } : {}),
  };
}

/**
 * Identity of a fully cached set of answers (query and each retailer's fetch time), or null when one
 * answer is fresh: what is built from a signature can be reused while the signature holds, and a
 * fresh answer changes it, so nothing stale is reused.
 */
export function cachedSignature(query: SearchQuery, answers: RetailerAnswer[]): string | null {
  if (!answers.every((a) => a.cached)) return null;
  return `${query.lang ?? 'fr'}:${query.kind}:${query.value}|${answers.map((a) => `${a.retailer}@${a.fetchedAt}`).join(',')}`;
}

/** Keeps `value` under `key`, forgetting the oldest entry past the memo's size. */
function remember<V>(memo: Map<string, V>, key: string, value: V): void {
  memo.set(key, value);
  if (memo.size > GROUPED_MEMO_ENTRIES) memo.delete(memo.keys().next().value!);
}

/**
 * Result assembly (ADR 143): the retailers' answers grouped into products, linked to their landing
 * pages, and the answer as JSON text. What fully cached answers build is kept by their signature, so a
 * hot query is served without regrouping or serialising again.
 */
export function createSearchResults(deps: ResultDeps, log: Logger) {
  // Read-only, so a search answered from the cache writes nothing.
  const attachSlugs = (products: SearchProduct[]): SearchProduct[] => {
    let slugs: ReadonlyMap<string, string> = new Map();
    try {
      slugs = deps.pages.slugsOf(products.flatMap((p) => (p.cnk ? [p.cnk] : [])));
    } catch (error) {
      log.warn('reading product slugs failed', { error });
    }
    return products.map((p) => ({ ...p, slug: p.cnk ? (slugs.get(p.cnk) ?? null) : null }));
  };

  /**
   * A product is named from its cheapest offer; in Dutch, from its cheapest offer of a shop asked in
   * Dutch when there is one, so a shop answering only in French does not name it (ADR 148).
   */
  const inQueryLanguage = (query: SearchQuery, products: SearchProduct[]): SearchProduct[] => {
    const lang = query.lang;
    if (!lang || lang === 'fr') return products;
    const asked = new Set(deps.connectors.filter((c) => c.languages.includes(lang)).map((c) => c.id));
    return products.map((p) => {
      const named = p.offers.find((o) => asked.has(o.retailer as RetailerId));
      return named && named.name !== p.name ? { ...p, name: named.name } : p;
    });
  };

  // Grouped products of fully cached answers, by signature: a hot query is served without regrouping.
  const grouped = new Map<string, SearchProduct[]>();
  function productsFor(query: SearchQuery, answers: RetailerAnswer[]): SearchProduct[] {
    const build = () =>
      attachSlugs(
        inQueryLanguage(
          query,
          groupOffers(
            answers.flatMap((a) => a.offers.map((offer) => toSearchOffer(offer, query))),
            query,
          ),
        ),
      );
    const signature = cachedSignature(query, answers);
    if (signature === null) return build();
    let products = grouped.get(signature);
    if (!products) {
      products = build();
      remember(grouped, signature, products);
    }
    return products;
  }

  /** The grouped result of every retailer's answer to `query` (`trimmed`: the query as asked). */
  function resultOf(trimmed: string, query: SearchQuery, answers: RetailerAnswer[]): SearchResult {
    const fetchedAt = answers.length > 0 ? Math.min(...answers.map((a) => a.fetchedAt)) : deps.now();
    return {
      query: trimmed,
      kind: query.kind,
      products: productsFor(query, answers),
      retailers: answers.map((a) => ({
        id: a.retailer,
        status: a.status,
        ms: a.ms,
        ...(a.error ? { error: a.error } : {}),
      })),
      fetchedAt: new Date(fetchedAt).toISOString(),
      cached: answers.length > 0 && answers.every((a) => a.cached),
      demo: deps.demo,
    };
  }

  // Serialised JSON answers of fully cached searches, by the raw query (its case is echoed back) and
  // the answers' signature: a hot cached search skips JSON.stringify (bench (e), ADR 037).
  const bodies = new Map<string, { body: string; products: number }>();

  /** The JSON answer kept for the query as asked (`trimmed`) and its answers' signature, if any. */
  function keptBody(trimmed: string, signature: string | null): { body: string; products: number } | undefined {
    return bodies.get(`${trimmed}\u0000${signature}`);
  }

  /** `result` as JSON text, byte for byte JSON.stringify(result), kept while `signature` holds. */
  function bodyOf(result: SearchResult, signature: string | null): string {
    if (signature === null) return JSON.stringify(result);
    const key = `${result.query}\u0000${signature}`;
    let memo = bodies.get(key);
    if (memo === undefined) {
      memo = { body: JSON.stringify(result), products: result.products.length };
      remember(bodies, key, memo);
    }
    return memo.body;
  }

  return { resultOf, keptBody, bodyOf };
}
