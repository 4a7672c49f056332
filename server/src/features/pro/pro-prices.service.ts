import { createFairConcurrencyLimit } from '@pharmaradar/shared/concurrency-limit';
import { luhnValid } from '@pharmaradar/shared/cnk';
import type { OfficialExclusion } from '@pharmaradar/shared/pro-catalogue.schema';
import type { ProDoneEvent, ProProductEvent } from '@pharmaradar/shared/pro.schema';
import type { Locale } from '@pharmaradar/shared/locales';
import type { SearchResult } from '@pharmaradar/shared/search.schema';
import type { CatalogueLookup } from '../../lib/catalogue-lookup';
import { userShareKey } from '../../lib/client-address';
import { HttpError } from '../../lib/http-error';
import type { Logger } from '../../lib/log';
import { officialOf } from './pro-catalogue.service';
import { quotaExceededMessages } from './pro.messages';
import { brusselsMonth, renewalDay } from './pro-quota';
import type { ProUsageRepository } from './pro-usage.repository';

/** What the batch needs of the price search (app.ts wires the search service): its fan-out, cache and coalescing. */
export interface PriceSearch {
  /** lang: the shops are asked in the user's language where they have it (ADR 148). */
  /** client: whose turn the shops' requests take (ADR 188): the Pro user's, as their signed-in searches. */
  search(query: string, listener?: undefined, options?: { lang?: Locale; client?: string }): Promise<SearchResult>;
  /**
   * A CNK's result from the market store when every shop's stored price is fresh, without asking a
   * shop; null otherwise (docs/decisions/234).
   */
  storedSearch?(cnk: string, options?: { lang?: Locale; client?: string }): Promise<SearchResult | null>;
}

/**
 * CNK searches the batch endpoint runs at once, all Pro users together: each fans out to every
 * retailer, so no retailer ever sees more than this many concurrent requests from Pro batches. The
 * slots go to the users waiting in turn (ADR 128).
 */
export const PRO_BATCH_CONCURRENCY = 4;

export type ProPricesDeps = {
  search: PriceSearch;
  usage: ProUsageRepository;
  now: () => number;
  log: Logger;
  /** The official catalogue: a pack it excludes is never priced (docs/decisions/154, 161). */
  catalogue: Pick<CatalogueLookup, 'verdict' | 'byCnk'>;
  concurrency?: number;
};

const FAILED = new Set(['error', 'timeout', 'blocked']);

type ProUser = { id: number; search_quota: number };

/**
 * A batch's CNKs with a right check digit that the official catalogue does not exclude (`cnks`), of
 * which `charged` were not yet charged this month and now hold their place in the allowance (ADR 127,
 * 147); the others are answered `invalid_cnk` or `excluded` (with the reason) without asking a shop.
 */
export type Reservation = {
  month: string;
  quota: number;
  cnks: readonly string[];
  charged: ReadonlySet<string>;
  invalid: readonly string[];
  excluded: ReadonlyMap<string, OfficialExclusion>;
};

/** What pricing `cnks` now would take from the allowance (POST /api/pro/usage/cost/, ADR 208). */
export type AnalysisCost = {
  quota: number;
  used: number;
  resetsOn: string;
  remaining: number;
  cost: number;
  alreadyCharged: number;
  invalid: number;
  excluded: number;
  fits: boolean;
};

export function toProductEvent(cnk: string, result: SearchResult, source: 'market' | 'live' = 'live'): ProProductEvent {
  const product = result.products.find((p) => p.cnk === cnk) ?? null;
  const allFailed = result.retailers.length > 0 && result.retailers.every((r) => FAILED.has(r.status));
  return {
    cnk,
    status: product ? 'found' : allFailed ? 'error' : 'not_found',
    product,
    retailers: result.retailers,
    fetchedAt: result.fetchedAt,
    cached: result.cached,
    source,
  };
}

export function createProPricesService(deps: ProPricesDeps) {
  const limit = createFairConcurrencyLimit(deps.concurrency ?? PRO_BATCH_CONCURRENCY);
  const log = deps.log.child({ feature: 'pro' });

  /** The batch's CNKs sorted out: wrong check digit, excluded by the catalogue (with why), to price. */
  function sortOut(cnks: readonly string[]) {
    const invalid: string[] = [];
    const excluded = new Map<string, OfficialExclusion>();
    const valid: string[] = [];
    for (const cnk of cnks) {
      if (!luhnValid(cnk)) {
        invalid.push(cnk);
        continue;
      }
      const verdict = deps.catalogue.verdict(cnk);
      if (verdict.offer === false) excluded.set(cnk, verdict.reason);
      else valid.push(cnk);
    }
    return { invalid, excluded, valid };
  }

  function allowance(user: ProUser) {
    const month = brusselsMonth(deps.now());
    return { month, quota: user.search_quota, used: deps.usage.usage(user.id, month), resetsOn: renewalDay(month) };
  }

  /**
   * Takes the batch's CNKs not yet charged this month out of the allowance before any shop is asked,
   * in one transaction, so concurrent batches cannot overdraw it nor charge a CNK twice: 429
   * `quota_exceeded` (nothing taken) when they do not all fit. CNKs already charged this month and
   * CNKs failing the check digit cost nothing.
   */
  function reserve(user: ProUser, cnks: readonly string[]): Reservation {
    const month = brusselsMonth(deps.now());
    const quota = user.search_quota;
    const { invalid, excluded, valid } = sortOut(cnks);
    const charged = valid.length > 0 ? deps.usage.reserve(user.id, month, valid, quota) : [];
    if (!charged) throw new HttpError(429, 'quota_exceeded', quotaExceededMessages(renewalDay(month)));
    return { month, quota, cnks: valid, charged: new Set(charged), invalid, excluded };
  }

  /** What `cnks` would cost if priced now: their CNKs not yet charged this month, and whether they fit. */
  function cost(user: ProUser, cnks: readonly string[]): AnalysisCost {
    const { month, quota, used, resetsOn } = allowance(user);
    const distinct = [...new Set(cnks)];
    const { invalid, excluded, valid } = sortOut(distinct);
    const alreadyCharged = deps.usage.charged(user.id, month, valid).size;
    const remaining = Math.max(0, quota - used);
    const newCnks = valid.length - alreadyCharged;
    return {
      quota,
      used,
      resetsOn,
      remaining,
      cost: newCnks,
      alreadyCharged,
      invalid: invalid.length,
      excluded: excluded.size,
      fits: newCnks <= remaining,
    };
  }

  /**
   * A CNK's prices: from the market store when all are fresh there, unless `live` ("refresh now");
   * else from the shops as a search asks them (its cache and coalescing).
   */
  async function priceOne(user: ProUser, cnk: string, lang: Locale, live: boolean): Promise<ProProductEvent> {
    try {
      const options = { lang, client: userShareKey(user.id) };
      const stored = live ? null : ((await deps.search.storedSearch?.(cnk, options)) ?? null);
      const event = stored
        ? toProductEvent(cnk, stored, 'market')
        : toProductEvent(cnk, await deps.search.search(cnk, undefined, options));
      const official = officialOf(deps.catalogue.byCnk(cnk, lang));
      return official ? { ...event, official } : event;
    } catch (error) {
      log.error('pro batch search failed', { error });
      return {
        cnk,
        status: 'error',
        product: null,
        retailers: [],
        fetchedAt: new Date(deps.now()).toISOString(),
        cached: false,
      };
    }
  }

  /**
   * Prices the batch's CNKs (politeness-capped, fair between users), calling `onProduct` as each
   * answer arrives. Stops starting new CNKs once `signal` aborts (the client stopped). What it charged
   * and did not price (not started, or no shop could answer) is given back at the end; `count` is
   * what it charged and priced (CNKs already charged this month count nothing again).
   */
  async function priceAll(
    user: ProUser,
    reservation: Reservation,
    onProduct: (event: ProProductEvent) => void,
    signal?: AbortSignal,
    lang: Locale = 'fr',
    live = false,
  ): Promise<ProDoneEvent> {
    const { month, quota } = reservation;
    for (const cnk of reservation.invalid) {
      const fetchedAt = new Date(deps.now()).toISOString();
      onProduct({ cnk, status: 'invalid_cnk', product: null, retailers: [], fetchedAt, cached: false });
    }
    // Never priced: no shop is asked, nothing is charged; the reason and the official names say why.
    for (const [cnk, exclusion] of reservation.excluded) {
      const fetchedAt = new Date(deps.now()).toISOString();
      const official = officialOf(deps.catalogue.byCnk(cnk, lang));
      onProduct({
        cnk,
        status: 'excluded',
        exclusion,
        ...(official ? { official } : {}),
        product: null,
        retailers: [],
        fetchedAt,
        cached: false,
      });
    }
    // The CNKs this batch charged and priced; the rest of what it charged goes back at the end.
    const priced = new Set<string>();
    try {
      await Promise.all(
        reservation.cnks.map((cnk) =>
          limit(user.id, async () => {
            if (signal?.aborted) return;
            const event = await priceOne(user, cnk, lang, live);
            if (event.status !== 'error' && reservation.charged.has(cnk)) priced.add(cnk);
            onProduct(event);
          }),
        ),
      );
    } finally {
      deps.usage.giveBack(
        user.id,
        month,
        [...reservation.charged].filter((cnk) => !priced.has(cnk)),
      );
    }
    const count = priced.size;
    return { count, quota, used: deps.usage.usage(user.id, month), resetsOn: renewalDay(month) };
  }

  return { reserve, priceAll, allowance, cost };
}
export type ProPricesService = ReturnType<typeof createProPricesService>;
