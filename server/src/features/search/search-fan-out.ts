import { createFairConcurrencyLimit, type FairConcurrencyLimit } from '@pharmaradar/shared/concurrency-limit';
import { normaliseOfferCnk } from '@pharmaradar/shared/search-grouping';
import { createStageRule, type StageAnswer } from '@pharmaradar/shared/search-stages';
import type { Logger } from '../../lib/log';
import { askedLanguage, type RetailerConnector, type SearchQuery } from '../../retailers/types';
import { callRetailer, shownStatus, type RetailerAnswer } from './retailer-call';
import { createCoalescer } from './search-coalescer';
import { withLease } from '../../db/leases.repository';
import { PER_HOST_CONCURRENCY } from '../../retailers/lib/polite-fetch';
import type { SearchListener, SearchServiceDeps } from './search-ports';
import type { SearchOfficial } from './search-official';
import type { SearchRecording } from './search-recording';
import { pageLanguages, toSearchOffer } from './search-result';

/** A lease outlives the shop call's timeout by this much, so a live holder never loses it. */
const LEASE_MARGIN_MS = 2000;

/**
 * Whose turn a search that asks the shops takes (ADR 188): a client (clientShareKey), or the server's
 * own work (price alerts) when none is given.
 */
export const SERVER_CLIENT = 'server';

type FanOutDeps = Pick<
  SearchServiceDeps,
  'connectors' | 'cache' | 'leases' | 'barcodes' | 'cnkOfEan' | 'timeoutMs' | 'cacheTtlMs' | 'now'
>;

/**
 * What a retailer's answer is cached and shared under: the language the shop is asked in, the kind
 * and the normalised value of the query (ADR 148). A French answer keeps the key it always had; a
 * shop without Dutch pages answers a Dutch user from its French entry.
 */
function cacheKey(connector: RetailerConnector, query: SearchQuery): string {
  const lang = askedLanguage(connector, query);
  return `${lang === 'fr' ? '' : `${lang}:`}${query.kind}:${query.value}`;
}

/**
 * Asking the retailers (ADR 143): every connector at once, each answer from the cache while fresh,
 * else from a request shared with identical searches in flight (the coalescer), else from the shop.
 * An EAN query asks in two steps. Fresh answers are handed to the recording.
 */
export function createSearchFanOut(
  deps: FanOutDeps,
  recording: SearchRecording,
  official: Pick<SearchOfficial, 'sellable'>,
  log: Logger,
) {
  const coalescer = createCoalescer<RetailerAnswer>();
  /**
   * Per shop, its searches under way shared between clients (ADR 188): as many at once as the fetcher
   * lets reach one host, so the fetcher's own first-come queue stays short and the order is this one.
   * The wait counts in the shop's timeout, as the fetcher's did.
   */
  const turns = new Map<string, FairConcurrencyLimit>(
    deps.connectors.map((c) => [c.id, createFairConcurrencyLimit(PER_HOST_CONCURRENCY)]),
  );
  /**
   * Per shop, the live requests waiting or under way and the market refresh job's request in flight
   * (docs/decisions/234): a live request arriving stops the job's at once, so a person's search never
   * waits behind the job for a host slot; the job starts a request only while no live one is there.
   */
  const lanes = new Map(deps.connectors.map((c) => [c.id, { live: 0, background: new Set<AbortController>() }]));
  const inTurn = (connector: RetailerConnector, client: string): RetailerConnector => ({
    ...connector,
    search: async (query, signal) => {
      const lane = lanes.get(connector.id)!;
      lane.live += 1;
      for (const controller of lane.background) controller.abort(new Error('a live search takes the shop'));
      try {
        return await turns.get(connector.id)!(client, () => connector.search(query, signal), signal);
      } finally {
        lane.live -= 1;
      }
    },
  });
  // Each shop's display name rides with its answer: a shop read only from its feed is one the web does not know.
  const labels = new Map(deps.connectors.map((c) => [c.id, c.label]));
  const pageLanguageOf = pageLanguages(deps.connectors);

  const fetchFresh = async (
    connector: RetailerConnector,
    query: SearchQuery,
    key: string,
    client: string,
  ): Promise<RetailerAnswer> => {
    const answer = await callRetailer(inTurn(connector, client), query, {
      timeoutMs: deps.timeoutMs,
      now: deps.now,
      onUnexpectedError: (retailer, error) => log.error('retailer connector failed unexpectedly', { retailer, error }),
    });
    recording.answered(connector.id, key, { ...query, lang: askedLanguage(connector, query) }, answer);
    return answer;
  };

  /**
   * The market refresh job's request to one shop, in the lane live requests leave free: null, and
   * nothing recorded, when a live request is waiting for or using the shop, or comes while it runs
   * (it is stopped then). Otherwise the answer is recorded as a live one's (cache, store, history,
   * the admin's retailer health and the shop alarm).
   */
  const askInBackground = async (connectorId: string, query: SearchQuery): Promise<RetailerAnswer | null> => {
    const connector = deps.connectors.find((c) => c.id === connectorId);
    const lane = lanes.get(connectorId);
    if (!connector || !lane || lane.live > 0) return null;
    const yielding = new AbortController();
    lane.background.add(yielding);
    try {
      const answer = await callRetailer(
        { ...connector, search: (q, signal) => connector.search(q, AbortSignal.any([signal, yielding.signal])) },
        query,
        { timeoutMs: deps.timeoutMs, now: deps.now },
      );
      if (yielding.signal.aborted) return null;
      recording.answered(
        connector.id,
        cacheKey(connector, query),
        { ...query, lang: askedLanguage(connector, query) },
        answer,
      );
      return answer;
    } finally {
      lane.background.delete(yielding);
    }
  };

  /**
   * Across server processes: the one holding the lease asks the shop; the others wait for the answer
   * it puts in the cache (one fetched since their wait began, minus the longest a call can take). A
   * failed answer is not cached, so after the lease goes the next waiter asks the shop itself.
   */
  const fetchShared = (
    connector: RetailerConnector,
    query: SearchQuery,
    key: string,
    client: string,
  ): Promise<RetailerAnswer> => {
    const leases = deps.leases;
    if (!leases) return fetchFresh(connector, query, key, client);
    const since = Date.now() - deps.timeoutMs;
    return withLease<RetailerAnswer>(
      leases,
      `search:${connector.id}|${key}`,
      {
        ttlMs: deps.timeoutMs + LEASE_MARGIN_MS,
        maxWaitMs: deps.timeoutMs + LEASE_MARGIN_MS,
        readyMeanwhile: () => {
          try {
            const hit = deps.cache.get(connector.id, key, since);
            return hit ? { retailer: connector.id, ...hit, cached: true } : null;
          } catch {
            return null;
          }
        },
      },
      () => fetchFresh(connector, query, key, client),
    );
  };

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

  /** `client`: whose turn a request to the shop takes (a search joining one under way shares its turn). */
  const answerFor = (connector: RetailerConnector, query: SearchQuery, client: string): Promise<RetailerAnswer> => {
    const key = cacheKey(connector, query);
    const hit = cacheHit(connector, key);
    if (hit) return Promise.resolve(hit);
    return coalescer.run(`${connector.id}|${key}`, () => fetchShared(connector, query, key, client));
  };

  /** Every retailer's answer when all come from the cache, else null (an EAN query asks in two steps). */
  function allCached(query: SearchQuery): RetailerAnswer[] | null {
    if (query.kind === 'ean') return null;
    const answers: RetailerAnswer[] = [];
    for (const connector of deps.connectors) {
      const hit = cacheHit(connector, cacheKey(connector, query));
      if (!hit) return null;
      answers.push(hit);
    }
    return answers;
  }

  /**
   * An EAN query: shops that search by EAN get it as is; the others are asked the CNK the EAN maps
   * to (the official catalogue's, else a pair seen on the shops' pages, else the first CNK the EAN
   * shops' offers carry), or answer empty when none.
   */
  function eanAnswers(query: SearchQuery, client: string): Array<() => Promise<RetailerAnswer>> {
    let known: string | null = null;
    try {
      known = deps.barcodes?.byGtin(query.value) ?? deps.cnkOfEan?.(query.value) ?? null;
    } catch (error) {
      log.warn('EAN catalogue lookup failed', { error });
    }
    const byEan = deps.connectors.filter((c) => c.searchesByEan);
    const eanCalls = new Map(byEan.map((c) => [c.id, answerFor(c, query, client)]));
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
        if (code)
          return answerFor(
            connector,
            { kind: 'cnk', value: code, ...(query.lang ? { lang: query.lang } : {}) },
            client,
          );
        return { retailer: connector.id, status: 'empty', ms: 0, offers: [], cached: true, fetchedAt: deps.now() };
      };
    });
  }

  /**
   * Every retailer's answer to `query`, in connector order. With a listener, each answer is reported
   * as it arrives (a 'retailer' event) with the stages it completes; `emit` never throws. `client`:
   * whose turn the requests to the shops take (ADR 188).
   */
  async function askAll(
    query: SearchQuery,
    listener: SearchListener | undefined,
    emit: SearchListener,
    client: string = SERVER_CLIENT,
  ) {
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
    const calls =
      query.kind === 'ean' ? eanAnswers(query, client) : deps.connectors.map((c) => () => answerFor(c, query, client));
    const answers = await Promise.all(
      calls.map(async (call) => {
        const answer = await call();
        pending -= 1;
        // A JSON answer has no listener: building per-retailer events (every offer copied) and
        // scheduling stage batches would be work nobody reads, on the hottest path (bench (e)).
        if (!listener) return answer;
        // Each shop's answer shows what the catalogue lets a search show, as the final result does.
        const shown = official.sellable(answer.offers);
        emit({
          event: 'retailer',
          data: {
            retailer: answer.retailer,
            ...(labels.has(answer.retailer) ? { name: labels.get(answer.retailer)! } : {}),
            status: shownStatus(answer, shown.length),
            ms: answer.ms,
            offers: shown.map((offer) => toSearchOffer(offer, query, pageLanguageOf(offer.retailer, query))),
            ...(answer.error ? { error: answer.error } : {}),
            ...(answer.cached ? { cached: true } : {}),
          },
        });
        batch.push({ offers: shown.length });
        flushTimer ??= setImmediate(flushStages);
        return answer;
      }),
    );
    if (listener) flushStages();
    return answers;
  }

  return {
    askAll,
    allCached,
    askInBackground,
    /** One shop's answer to `query` (cache, coalescing, its turn), as a search asks it. */
    askOne: (connector: RetailerConnector, query: SearchQuery, client: string = SERVER_CLIENT) =>
      answerFor(connector, query, client),
    /** Upstream requests in flight (shared ones count once). */
    get inFlight() {
      return coalescer.size;
    },
  };
}
