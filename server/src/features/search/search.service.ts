import { LOCALES, shopLanguageOf, type Locale } from '@pharmaradar/shared/locales';
import { classifyQuery } from '@pharmaradar/shared/cnk';
import { stringMemo } from '../../lib/string-memo';
import type { SearchResult } from '@pharmaradar/shared/search.schema';
import { createSearchFanOut } from './search-fan-out';
import { createSearchOfficial } from './search-official';
import { askedLanguage, isFeedShop, type SearchQuery } from '../../retailers/types';
import type { RetailerAnswer } from './retailer-call';
import type { MarketAnswer, RunOptions, SearchListener, SearchServiceDeps } from './search-ports';
import { createSearchRecording } from './search-recording';
import { cachedSignature, createSearchResults } from './search-result';

export type {
  CatalogueBarcodes,
  MarketStore,
  PriceRecorder,
  ProductPages,
  RunOptions,
  SearchActivity,
  SearchListener,
  SearchServiceDeps,
} from './search-ports';

/** Cache/coalescing key: case and spacing never change what a retailer answers. */
export function normaliseQuery(query: SearchQuery): SearchQuery {
  if (query.kind !== 'name') return query;
  const value = query.value.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
  return { ...query, value };
}

/** Distinct queries kept classified, per language: a hot query is asked again and again, the same answer each time. */
const SHOP_QUERIES_KEPT = 4096;
const shopQueries = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    stringMemo(SHOP_QUERIES_KEPT, (trimmed) =>
      Object.freeze(normaliseQuery({ ...classifyQuery(trimmed), lang: shopLanguageOf(locale) })),
    ),
  ]),
) as Record<Locale, (trimmed: string) => SearchQuery>;

/** The query as the shops are asked it: classified, normalised, in the user's shop language (ADR 148). */
function shopQuery(trimmed: string, locale: Locale = 'fr'): SearchQuery {
  return shopQueries[locale](trimmed);
}

/**
 * The price search, composed of its three parts (ADR 143): the fan-out asks the retailers, the result
 * assembly groups their answers, the recording keeps what a fresh answer shows and counts searches.
 */
export function createSearchService(deps: SearchServiceDeps) {
  const log = deps.log.child({ feature: 'search' });
  const official = createSearchOfficial(deps.catalogue, log);
  const recording = createSearchRecording(deps, official.sellable, log, (cnk) => official.nameOf(cnk, 'fr'));
  const fanOut = createSearchFanOut(deps, recording, official, log);
  const results = createSearchResults(deps, official, log);

  /**
   * Runs one search: asks every retailer at once (cache and in-flight requests first), reports each
   * answer to `listener` as it arrives, and resolves with the grouped result. Never rejects because
   * of a retailer; errors thrown by `listener` are ignored.
   */
  async function search(rawQuery: string, listener?: SearchListener, options?: RunOptions): Promise<SearchResult> {
    return (await run(rawQuery, listener, options)).result;
  }

  /**
   * The JSON answer (GET /api/search without SSE) as UTF-8, byte for byte JSON.stringify(search(q)).
   * A fully cached search kept from before answers straight from the cache lookups, without building
   * the result again.
   */
  async function searchJson(rawQuery: string, options?: RunOptions): Promise<Uint8Array<ArrayBuffer>> {
    const trimmed = rawQuery.trim();
    const query = shopQuery(trimmed, options?.lang);
    const cached = fanOut.allCached(query);
    const hit = cached && results.keptBody(trimmed, options?.lang ?? 'fr', cachedSignature(query, cached));
    if (hit) {
      if (options?.count) recording.searched(query.value, hit.products);
      return hit.body;
    }
    const { result, signature } = await run(rawQuery, undefined, options);
    return results.bodyOf(result, options?.lang ?? 'fr', signature);
  }

  /**
   * The result of a search every retailer's cached answer can give, with no retailer asked and
   * nothing counted, and when the oldest of those answers leaves the cache; null when one answer
   * would need a live request. A product page is drawn with it (ADR 121).
   */
  function cachedSearch(rawQuery: string, locale?: Locale): { result: SearchResult; freshUntil: number } | null {
    const trimmed = rawQuery.trim();
    const query = shopQuery(trimmed, locale);
    const cached = fanOut.allCached(query);
    if (!cached || cached.length === 0) return null;
    const result = results.resultOf(trimmed, query, cached, locale ?? 'fr');
    // The result's fetch time is its oldest answer's: that one leaves the cache first.
    return { result, freshUntil: Date.parse(result.fetchedAt) + deps.cacheTtlMs };
  }

  /** A CNK someone asked for is kept warm by the market refresh job; a store that fails costs nothing. */
  function wantInMarket(cnk: string): void {
    try {
      deps.market?.want([cnk]);
    } catch (error) {
      log.warn('market store write failed', { error });
    }
  }

  /**
   * A CNK's result from the market store (docs/decisions/234): every page shop's fresh stored answer,
   * and the feed shops' own (they read no page), assembled as a live search's would be; null when one
   * page shop has no fresh price stored, so the caller asks the shops live. No page shop is asked.
   */
  async function storedSearch(rawCnk: string, options: RunOptions = {}): Promise<SearchResult | null> {
    const trimmed = rawCnk.trim();
    const query = shopQuery(trimmed, options.lang);
    if (!deps.market || query.kind !== 'cnk') return null;
    const stored = new Map<string, RetailerAnswer>();
    for (const connector of deps.connectors) {
      if (isFeedShop(connector)) continue;
      let answer: MarketAnswer | null = null;
      try {
        answer = deps.market.freshAnswer(connector.id, query.value, askedLanguage(connector, query));
      } catch (error) {
        log.warn('market store read failed', { retailer: connector.id, error });
      }
      if (!answer) return null;
      stored.set(connector.id, { retailer: connector.id, ...answer, cached: true });
    }
    const answers = await Promise.all(
      deps.connectors.map((c) => stored.get(c.id) ?? fanOut.askOne(c, query, options.client)),
    );
    // Answered from the store, it is still wanted (a live search marks its own in run()).
    wantInMarket(query.value);
    return results.resultOf(trimmed, query, answers, options.lang ?? 'fr');
  }

  /**
   * A CNK's prices as the server holds them, with no page shop asked: the search cache's, else the
   * market store's fresh ones; and when the oldest of them stops being fresh. Null when neither has
   * every shop's answer: the caller asks the shops live. A product page and a price alert read it.
   */
  async function keptSearch(
    rawCnk: string,
    options: Pick<RunOptions, 'lang' | 'client'> = {},
  ): Promise<{ result: SearchResult; freshUntil: number } | null> {
    const cached = cachedSearch(rawCnk, options.lang);
    if (cached) return cached;
    const stored = deps.market ? await storedSearch(rawCnk, options) : null;
    return stored && deps.market
      ? { result: stored, freshUntil: deps.market.freshUntil(Date.parse(stored.fetchedAt)) }
      : null;
  }

  async function run(
    rawQuery: string,
    listener?: SearchListener,
    options: RunOptions = {},
  ): Promise<{ result: SearchResult; signature: string | null }> {
    const trimmed = rawQuery.trim();
    const query = shopQuery(trimmed, options.lang);
    // A listener that throws (client gone) must not stop the search others may share.
    const emit: SearchListener = (event) => {
      if (!listener) return;
      try {
        listener(event);
      } catch {
        /* the caller stops listening; the search carries on */
      }
    };
    emit({ event: 'stage', data: { stage: 'launching', demo: deps.demo } });
    if (query.kind === 'cnk') wantInMarket(query.value);
    const answers = await fanOut.askAll(query, listener, emit, options.client);
    const result = results.resultOf(trimmed, query, answers, options.lang ?? 'fr');
    if (options.count) recording.searched(query.value, result.products.length);
    emit({ event: 'stage', data: { stage: 'complete' } });
    emit({ event: 'result', data: result });
    return { result, signature: cachedSignature(query, answers) };
  }

  return {
    search,
    searchJson,
    storedSearch,
    keptSearch,
    /** The market refresh job's request for `cnk` to one shop (null: it yielded to a live search). */
    refreshCnk: (retailer: string, cnk: string) => fanOut.askInBackground(retailer, { kind: 'cnk', value: cnk }),
    get inFlight() {
      return fanOut.inFlight;
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
