import { classifyQuery } from '@pharmaradar/shared/cnk';
import { groupOffers, normaliseOfferCnk } from '@pharmaradar/shared/search-grouping';
import { unitPriceOf } from '@pharmaradar/shared/unit-price/unit-price';
import { createStageRule, type StageAnswer } from '@pharmaradar/shared/search-stages';
import type { SearchEvent, SearchOffer, SearchProduct, SearchResult } from '@pharmaradar/shared/search.schema';
import type { Logger } from '../../lib/log';
import type { RetailerConnector, RetailerOffer, SearchQuery } from '../../retailers/types';
import { callRetailer, type RetailerAnswer } from './retailer-call';
import type { SearchCacheRepository } from './search-cache.repository';
import { createCoalescer } from './search-coalescer';

/** A product with a CNK seen in a fresh retailer answer. */
export type SeenProduct = { cnk: string; name: string; brand: string | null; image: string | null };

/**
 * What the search needs from the product landing pages, injected by app.ts (the products feature
 * provides it): the search records the products it sees and links each card to its page.
 */
export type ProductPages = {
  recordProducts(products: SeenProduct[], now: number): void;
  /** Landing slugs of the CNKs that have a page. Read-only: a search served from cache writes nothing. */
  slugsOf(cnks: readonly string[]): ReadonlyMap<string, string>;
};

/** One upstream retailer call (cache hits never reach the retailer). */
export type RetailerCallOutcome = Pick<RetailerAnswer, 'retailer' | 'status' | 'error' | 'reason' | 'ms' | 'fetchedAt'>;

/**
 * What the search reports for the staff admin's retailer health and search statistics, injected by
 * app.ts (the admin feature records it). Calls must be cheap and must not throw into a search.
 */
export type SearchActivity = {
  retailerCalled(outcome: RetailerCallOutcome): void;
  /** A consumer search (not Pro batch pricing) of a normalised query and how many products it found. */
  searched(query: string, products: number, at: number): void;
};

/** A price seen in a fresh retailer answer, for the price history (euros). */
export type ObservedPrice = {
  retailer: string;
  cnk: string;
  price: number;
  inStock: boolean | null;
  wasPrice?: number;
};

/**
 * What the search needs from the price history, injected by app.ts (the price-history feature
 * provides it): every price a fresh answer shows is kept; cached answers record nothing.
 */
export type PriceRecorder = {
  recordPrices(observations: readonly ObservedPrice[], now: number): void;
};

export type SearchServiceDeps = {
  connectors: readonly RetailerConnector[];
  cache: SearchCacheRepository;
  pages: ProductPages;
  activity?: SearchActivity;
  prices?: PriceRecorder;
  /**
   * EAN/GTIN -> CNK from a catalogue (demo mode: the demo catalogue). Without one, or when it does not
   * know the code, the CNK comes from the shops that search by EAN (DESIGN.md §11: a lookup, no formula).
   */
  cnkOfEan?: (gtin: string) => string | null;
  timeoutMs: number;
  cacheTtlMs: number;
  demo: boolean;
  now: () => number;
  log: Logger;
};

const GROUPED_MEMO_ENTRIES = 200;

export type SearchListener = (event: SearchEvent) => void;

/** count: a consumer search, counted in the search statistics (Pro batch pricing is not). */
export type RunOptions = { count?: boolean };

/** Cache/coalescing key: case and spacing never change what a retailer answers. */
export function normaliseQuery(query: SearchQuery): SearchQuery {
  if (query.kind !== 'name') return query;
  return { kind: 'name', value: query.value.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim() };
}

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
  };
}

export function createSearchService(deps: SearchServiceDeps) {
  const coalescer = createCoalescer<RetailerAnswer>();
  const log = deps.log.child({ feature: 'search' });

  const fetchFresh = async (connector: RetailerConnector, query: SearchQuery, key: string): Promise<RetailerAnswer> => {
    const answer = await callRetailer(connector, query, {
      timeoutMs: deps.timeoutMs,
      now: deps.now,
      onUnexpectedError: (retailer, error) => log.error('retailer connector failed unexpectedly', { retailer, error }),
    });
    report(() => deps.activity?.retailerCalled(answer));
    if (answer.status === 'ok' || answer.status === 'empty') {
      // A cache or product table that cannot be written (disk full, read-only file) must not cost
      // the user the prices.
      try {
        const { status, offers, ms, fetchedAt } = answer;
        deps.cache.put(connector.id, key, { status, offers, ms, fetchedAt }, deps.now() - deps.cacheTtlMs);
      } catch (error) {
        log.warn('search cache write failed', { retailer: connector.id, error });
      }
      recordProducts(answer.offers);
      recordPrices(answer.offers);
    } else {
      log.info('retailer answer failed', {
        retailer: connector.id,
        status: answer.status,
        error: answer.error,
        ms: answer.ms,
      });
    }
    return answer;
  };

  /** Activity records are statistics: losing one never costs a user the search. */
  const report = (record: () => void) => {
    try {
      record();
    } catch (error) {
      log.warn('recording search activity failed', { error });
    }
  };

  /** What a retailer's answer is cached under: the kind and the normalised value of the query. */
  const cacheKey = (query: SearchQuery): string => `${query.kind}:${query.value}`;

  /** The retailer's answer from the cache while fresh, else null (a cache that cannot be read is a miss). */
  const cacheHit = (connector: RetailerConnector, key: string): RetailerAnswer | null => {
    if (deps.cacheTtlMs <= 0) return null;
    try {
      const hit = deps.cache.get(connector.id, key, deps.now() - deps.cacheTtlMs);
      if (hit) return { retailer: connector.id, ...hit, cached: true };
    } catch (error) {
      log.warn('search cache read failed', { retailer: connector.id, error });
    }
    return null;
  };

  const answerFor = (connector: RetailerConnector, query: SearchQuery): Promise<RetailerAnswer> => {
    const key = cacheKey(query);
    const hit = cacheHit(connector, key);
    if (hit) return Promise.resolve(hit);
    return coalescer.run(`${connector.id}|${key}`, () => fetchFresh(connector, query, key));
  };

  /** Every retailer's answer when all come from the cache, else null (an EAN query asks in two steps). */
  function allCached(query: SearchQuery): RetailerAnswer[] | null {
    if (query.kind === 'ean') return null;
    const key = cacheKey(query);
    const answers: RetailerAnswer[] = [];
    for (const connector of deps.connectors) {
      const hit = cacheHit(connector, key);
      if (!hit) return null;
      answers.push(hit);
    }
    return answers;
  }

  /**
   * An EAN query: shops that search by EAN get it as is; the others are asked the CNK the EAN maps
   * to (the catalogue's, else the first CNK the EAN shops' offers carry), or answer empty when none.
   */
  function eanAnswers(query: SearchQuery): Array<() => Promise<RetailerAnswer>> {
    let known: string | null = null;
    try {
      known = deps.cnkOfEan?.(query.value) ?? null;
    } catch (error) {
      log.warn('EAN catalogue lookup failed', { error });
    }
    const byEan = deps.connectors.filter((c) => c.searchesByEan);
    const eanCalls = new Map(byEan.map((c) => [c.id, answerFor(c, query)]));
    const cnk: Promise<string | null> = known
      ? Promise.resolve(known)
      : Promise.all(eanCalls.values()).then(
          (answers) => answers.flatMap((a) => a.offers.map((o) => normaliseOfferCnk(o.cnk))).find(Boolean) ?? null,
        );
    return deps.connectors.map((connector) => {
      const own = eanCalls.get(connector.id);
      if (own) return () => own;
      return async () => {
        const code = await cnk;
        if (code) return answerFor(connector, { kind: 'cnk', value: code });
        return { retailer: connector.id, status: 'empty', ms: 0, offers: [], cached: true, fetchedAt: deps.now() };
      };
    });
  }

  /** Products with a CNK from a fresh upstream answer get (or refresh) their landing-page record. */
  function recordProducts(offers: readonly RetailerOffer[]): void {
    const seen = new Map<string, SeenProduct>();
    for (const offer of offers) {
      const cnk = normaliseOfferCnk(offer.cnk);
      if (!cnk || seen.has(cnk)) continue;
      seen.set(cnk, { cnk, name: offer.name, brand: offer.brand, image: offer.image });
    }
    if (seen.size === 0) return;
    try {
      deps.pages.recordProducts([...seen.values()], deps.now());
    } catch (error) {
      log.warn('recording seen products failed', { error });
    }
  }

  /** Prices of the non-prescription offers with a CNK go to the price history. */
  function recordPrices(offers: readonly RetailerOffer[]): void {
    if (!deps.prices) return;
    const observations: ObservedPrice[] = [];
    for (const offer of offers) {
      const cnk = normaliseOfferCnk(offer.cnk);
      if (!cnk || offer.prescription) continue;
      const { retailer, price, inStock, wasPrice } = offer;
      observations.push({ retailer, cnk, price, inStock, ...(wasPrice !== undefined ? { wasPrice } : {}) });
    }
    if (observations.length === 0) return;
    try {
      deps.prices.recordPrices(observations, deps.now());
    } catch (error) {
      log.warn('recording price history failed', { error });
    }
  }

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
   * Identity of a fully cached set of answers (query and each retailer's fetch time), or null when one
   * answer is fresh: what is built from a signature can be reused while the signature holds, and a
   * fresh answer changes it, so nothing stale is reused.
   */
  function cachedSignature(query: SearchQuery, answers: RetailerAnswer[]): string | null {
    if (!answers.every((a) => a.cached)) return null;
    return `${query.kind}:${query.value}|${answers.map((a) => `${a.retailer}@${a.fetchedAt}`).join(',')}`;
  }

  // Grouped products of fully cached answers, by signature: a hot query is served without regrouping.
  const grouped = new Map<string, SearchProduct[]>();
  function productsFor(query: SearchQuery, answers: RetailerAnswer[]): SearchProduct[] {
    const build = () =>
      attachSlugs(
        groupOffers(
          answers.flatMap((a) => a.offers.map((offer) => toSearchOffer(offer, query))),
          query,
        ),
      );
    const signature = cachedSignature(query, answers);
    if (signature === null) return build();
    let products = grouped.get(signature);
    if (!products) {
      products = build();
      grouped.set(signature, products);
      if (grouped.size > GROUPED_MEMO_ENTRIES) grouped.delete(grouped.keys().next().value!);
    }
    return products;
  }

  /**
   * Runs one search: asks every retailer at once (cache and in-flight requests first), reports each
   * answer to `listener` as it arrives, and resolves with the grouped result. Never rejects because
   * of a retailer; errors thrown by `listener` are ignored.
   */
  async function search(rawQuery: string, listener?: SearchListener, options?: RunOptions): Promise<SearchResult> {
    return (await run(rawQuery, listener, options)).result;
  }

  // Serialised JSON answers of fully cached searches, by the raw query (its case is echoed back) and
  // the answers' signature: a hot cached search skips JSON.stringify (bench (e), ADR 037).
  // A hit answers straight from the cache lookups, without building the result again.
  const bodies = new Map<string, { body: string; products: number }>();
  /** The JSON answer (GET /api/search without SSE) as text, byte for byte JSON.stringify(search(q)). */
  async function searchJson(rawQuery: string, options?: RunOptions): Promise<string> {
    const trimmed = rawQuery.trim();
    const query = normaliseQuery(classifyQuery(trimmed));
    const cached = allCached(query);
    const hit = cached && bodies.get(`${trimmed}\u0000${cachedSignature(query, cached)}`);
    if (hit) {
      if (options?.count) report(() => deps.activity?.searched(query.value, hit.products, deps.now()));
      return hit.body;
    }
    const { result, signature } = await run(rawQuery, undefined, options);
    if (signature === null) return JSON.stringify(result);
    const key = `${result.query}\u0000${signature}`;
    let memo = bodies.get(key);
    if (memo === undefined) {
      memo = { body: JSON.stringify(result), products: result.products.length };
      bodies.set(key, memo);
      if (bodies.size > GROUPED_MEMO_ENTRIES) bodies.delete(bodies.keys().next().value!);
    }
    return memo.body;
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

  /**
   * The result of a search every retailer's cached answer can give, with no retailer asked and
   * nothing counted, and when the oldest of those answers leaves the cache; null when one answer
   * would need a live request. A product page is drawn with it (ADR 121).
   */
  function cachedSearch(rawQuery: string): { result: SearchResult; freshUntil: number } | null {
    const trimmed = rawQuery.trim();
    const query = normaliseQuery(classifyQuery(trimmed));
    const cached = allCached(query);
    if (!cached || cached.length === 0) return null;
    const result = resultOf(trimmed, query, cached);
    // The result's fetch time is its oldest answer's: that one leaves the cache first.
    return { result, freshUntil: Date.parse(result.fetchedAt) + deps.cacheTtlMs };
  }

  async function run(
    rawQuery: string,
    listener?: SearchListener,
    options: RunOptions = {},
  ): Promise<{ result: SearchResult; signature: string | null }> {
    const trimmed = rawQuery.trim();
    const query = normaliseQuery(classifyQuery(trimmed));
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

    // Answers settling in the same turn of the event loop (cache hits, shops answering together)
    // form one batch, so the stage rule can skip a stage that 'complete' would replace at once.
    const stages = createStageRule();
    let pending = deps.connectors.length;
    let batch: StageAnswer[] = [];
    let flushTimer: NodeJS.Immediate | undefined;
    const flushStages = () => {
      clearImmediate(flushTimer);
      flushTimer = undefined;
      const answered = batch;
      batch = [];
      for (const stage of stages.answered(answered, pending)) emit({ event: 'stage', data: { stage } });
    };
    const calls = query.kind === 'ean' ? eanAnswers(query) : deps.connectors.map((c) => () => answerFor(c, query));
    const answers = await Promise.all(
      calls.map(async (call) => {
        const answer = await call();
        pending -= 1;
        // A JSON answer has no listener: building per-retailer events (every offer copied) and
        // scheduling stage batches would be work nobody reads, on the hottest path (bench (e)).
        if (!listener) return answer;
        emit({
          event: 'retailer',
          data: {
            retailer: answer.retailer,
            status: answer.status,
            ms: answer.ms,
            offers: answer.offers.map((offer) => toSearchOffer(offer, query)),
            ...(answer.error ? { error: answer.error } : {}),
            ...(answer.cached ? { cached: true } : {}),
          },
        });
        batch.push({ offers: answer.offers.length });
        flushTimer ??= setImmediate(flushStages);
        return answer;
      }),
    );
    if (listener) flushStages();

    const result = resultOf(trimmed, query, answers);
    if (options.count) report(() => deps.activity?.searched(query.value, result.products.length, deps.now()));
    emit({ event: 'stage', data: { stage: 'complete' } });
    emit({ event: 'result', data: result });
    return { result, signature: cachedSignature(query, answers) };
  }

  return {
    search,
    searchJson,
    cachedSearch,
    get inFlight() {
      return coalescer.size;
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
