import { groupOffers } from '@pharmaradar/shared/search-grouping';
import { unitPriceOf } from '@pharmaradar/shared/unit-price';
import type { Locale } from '@pharmaradar/shared/locales';
import type { SearchOffer, SearchProduct, SearchResult } from '@pharmaradar/shared/search.schema';
import type { Logger } from '../../lib/log';
import {
  askedLanguage,
  type RetailerConnector,
  type RetailerId,
  type RetailerOffer,
  type SearchQuery,
  type ShopLanguage,
} from '../../retailers/types';
import { shownStatus, type RetailerAnswer } from './retailer-call';
import type { SearchOfficial } from './search-official';
import type { SearchServiceDeps } from './search-ports';

const GROUPED_MEMO_ENTRIES = 200;

type ResultDeps = Pick<SearchServiceDeps, 'pages' | 'demo' | 'now' | 'connectors'>;

/** A serialised answer as sent, and how many products it holds (the search activity counts them). */
interface KeptBody {
  body: Uint8Array<ArrayBuffer>;
  products: number;
}

export function toSearchOffer(offer: RetailerOffer, query: SearchQuery, pageLanguage: ShopLanguage): SearchOffer {
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
    pageLanguage,
  };
}

/**
 * The language of the shop pages an offer links to: the one its connector was asked in, from the
 * languages the connector declares on evidence (ADR 148; a shop no connector declares is taken as French).
 * The reader is told when it is not theirs (docs/decisions/232).
 */
export function pageLanguages(connectors: readonly Pick<RetailerConnector, 'id' | 'languages'>[]) {
  const declared = new Map(connectors.map((c) => [c.id, c.languages]));
  return (retailer: string, query: SearchQuery): ShopLanguage =>
    askedLanguage({ languages: declared.get(retailer) ?? ['fr'] }, query);
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
 * Result assembly (ADR 143): the retailers' answers, less what the official catalogue excludes (ADR 157),
 * grouped into products with the catalogue's data on each (ADR 158), linked to their landing pages, and
 * the answer as JSON text. What fully cached answers build is kept by their signature, the interface
 * language and the catalogue generation, so a hot query is served without regrouping or serialising
 * again, and an import swapped in since changes the answer at once.
 */
export function createSearchResults(deps: ResultDeps, official: SearchOfficial, log: Logger) {
  const labels = new Map(deps.connectors.map((c) => [c.id, c.label]));
  const pageLanguageOf = pageLanguages(deps.connectors);
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
  // The catalogue generation each result was built under: an import swapped in between building a
  // result and keeping its JSON must not keep the old answer under the new generation.
  const builtUnder = new WeakMap<SearchResult, number>();
  function productsFor(
    query: SearchQuery,
    answers: RetailerAnswer[],
    built: { locale: Locale; generation: number; shown: RetailerOffer[] },
  ) {
    const { locale, generation, shown } = built;
    const build = () =>
      official.withOfficial(
        attachSlugs(
          inQueryLanguage(
            query,
            groupOffers(
              shown.map((offer) => toSearchOffer(offer, query, pageLanguageOf(offer.retailer, query))),
              query,
            ),
          ),
        ),
        locale,
      );
    const signature = cachedSignature(query, answers);
    if (signature === null) return build();
    const key = `${locale}|${generation}|${signature}`;
    let products = grouped.get(key);
    if (!products) {
      products = build();
      remember(grouped, key, products);
    }
    return products;
  }

  /**
   * The grouped result of every retailer's answer to `query` (`trimmed`: the query as asked), official
   * names in `locale` (the interface language; the shops may be asked in another, ADR 148).
   */
  function resultOf(trimmed: string, query: SearchQuery, answers: RetailerAnswer[], locale: Locale): SearchResult {
    const fetchedAt = answers.length > 0 ? Math.min(...answers.map((a) => a.fetchedAt)) : deps.now();
    const generation = official.generation();
    const shown = official.sellable(answers.flatMap((a) => a.offers));
    const shownBy = new Set<string>(shown.map((offer) => offer.retailer));
    const result: SearchResult = {
      query: trimmed,
      kind: query.kind,
      products: productsFor(query, answers, { locale, generation, shown }),
      retailers: answers.map((a) => ({
        id: a.retailer,
        // Kept in the saved answer: a shop read only from its feed is named offline too (ADR 179).
        ...(labels.has(a.retailer) ? { name: labels.get(a.retailer)! } : {}),
        status: shownStatus(a, shownBy.has(a.retailer) ? 1 : 0),
        ms: a.ms,
        ...(a.error ? { error: a.error } : {}),
      })),
      fetchedAt: new Date(fetchedAt).toISOString(),
      cached: answers.length > 0 && answers.every((a) => a.cached),
      demo: deps.demo,
    };
    builtUnder.set(result, generation);
    return result;
  }

  // Serialised JSON answers of fully cached searches, by the raw query (its case is echoed back) and
  // the answers' signature: a hot cached search skips JSON.stringify (bench (e), ADR 037), and is kept
  // as the UTF-8 bytes sent, so no answer encodes (nor measures) the same text again (ADR 257).
  const bodies = new Map<string, KeptBody>();

  const bodyKey = (trimmed: string, locale: Locale, signature: string, generation = official.generation()) =>
    `${trimmed}\u0000${locale}|${generation}|${signature}`;

  /** The JSON answer kept for the query as asked (`trimmed`), the language and its answers' signature. */
  function keptBody(trimmed: string, locale: Locale, signature: string | null): KeptBody | undefined {
    return signature === null ? undefined : bodies.get(bodyKey(trimmed, locale, signature));
  }

  /** `result` as UTF-8 JSON, byte for byte JSON.stringify(result), kept while `signature` holds. */
  function bodyOf(result: SearchResult, locale: Locale, signature: string | null): Uint8Array<ArrayBuffer> {
    if (signature === null) return Buffer.from(JSON.stringify(result));
    const key = bodyKey(result.query, locale, signature, builtUnder.get(result) ?? -1);
    let memo = bodies.get(key);
    if (memo === undefined) {
      memo = { body: Buffer.from(JSON.stringify(result)), products: result.products.length };
      remember(bodies, key, memo);
    }
    return memo.body;
  }

  return { resultOf, keptBody, bodyOf };
}
