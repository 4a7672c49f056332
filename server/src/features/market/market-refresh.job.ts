import type { Logger } from '../../lib/log';
import { freshAfter } from './market-freshness';
import type { MarketRepository } from './market.repository';
import { WANTED_FOR_MS } from './market.service';

/** A shop the search asks; a feed shop (prices from its merchant feed) needs no fetch and is skipped. */
export type RefreshShop = { id: string; feed: boolean };

/** What one request of the job got: the shop's answer status, or null when it yielded to a live search. */
export type RefreshOutcome = { status: string; error?: string } | null;

/** Asks one shop for one CNK in the lane live searches leave free (the search's background lane). */
export type CnkRefresher = (retailer: string, cnk: string) => Promise<RefreshOutcome>;

export type MarketRefreshDeps = {
  repository: Pick<MarketRepository, 'stale' | 'wantedCount'>;
  shops: readonly RefreshShop[];
  refresh: CnkRefresher;
  /** Least time between the starts of two requests to one shop (MARKET_RATE_PER_SHOP), ms. */
  intervalMs: number;
  freshHours: number;
  now: () => number;
  log: Logger;
  /** Waits `ms` (tests hand a fake clock's). */
  sleep?: (ms: number) => Promise<void>;
  /** Called after each request, for `npm run market:refresh`'s progress line. */
  onProgress?: (progress: ShopProgress) => void;
};

/** One shop's pass so far, or at its end. */
export type ShopProgress = {
  retailer: string;
  /** CNKs stale at this shop when the pass began. */
  due: number;
  refreshed: number;
  failed: number;
  /** Requests given up to a live search (asked again after a pause). */
  yielded: number;
  /** CNKs left to the next pass after yielding to live searches MAX_YIELDS_PER_CNK times. */
  skipped: number;
  /** Why the pass stopped early at this shop (a block or cool-down), if it did. */
  stopped?: string;
};

export type PassSummary = { wanted: number; ms: number; shops: ShopProgress[] };

/** Times one CNK is put back after yielding to live searches before this pass leaves it to the next. */
const MAX_YIELDS_PER_CNK = 20;
/** After yielding to a live search, the job leaves the shop alone at least this long (live searches come in bursts). */
const YIELD_PAUSE_MS = 1000;
/** Progress goes to the log every this many requests per shop (and at the end). */
const LOG_EVERY = 50;

const realSleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/**
 * The market refresh job (docs/decisions/234): per page shop, walks the wanted CNKs whose price there
 * is not fresh, oldest (never fetched first) then most wanted first, one request at a time and never
 * two starts closer than `intervalMs`. Each request goes through the shop's connector as a live one
 * (robots.txt, the per-host limit, cool-downs, the alarm) in the lane live searches leave free. A block
 * (403/429, or the host cooling down after one) ends the shop's pass: the next pass asks again.
 */
export function createMarketRefreshJob(deps: MarketRefreshDeps) {
  const sleep = deps.sleep ?? realSleep;

  async function shopPass(retailer: string): Promise<ShopProgress> {
    const now = deps.now();
    const due = deps.repository.stale(retailer, now - WANTED_FOR_MS, freshAfter(now, deps.freshHours));
    const progress: ShopProgress = { retailer, due: due.length, refreshed: 0, failed: 0, yielded: 0, skipped: 0 };
    let nextStart = -Infinity;
    const paced = async () => {
      const wait = nextStart - deps.now();
      if (wait > 0) await sleep(wait);
      nextStart = deps.now() + deps.intervalMs;
    };
    const report = () => {
      deps.onProgress?.({ ...progress });
      const done = progress.refreshed + progress.failed + progress.skipped;
      if (done % LOG_EVERY === 0 || done === progress.due) deps.log.info('market refresh progress', { ...progress });
    };
    for (const { cnk } of due) {
      let outcome: RefreshOutcome = null;
      for (let yields = 0; yields <= MAX_YIELDS_PER_CNK; yields++) {
        await paced();
        outcome = await deps.refresh(retailer, cnk);
        if (outcome) break;
        progress.yielded += 1;
        nextStart = Math.max(nextStart, deps.now() + YIELD_PAUSE_MS);
      }
      if (!outcome) {
        progress.skipped += 1;
        report();
        continue;
      }
      if (outcome.status === 'ok' || outcome.status === 'empty') progress.refreshed += 1;
      else {
        progress.failed += 1;
        deps.log.warn('market refresh failed', { retailer, cnk, status: outcome.status, error: outcome.error });
        if (outcome.status === 'blocked') {
          progress.stopped = 'blocked';
          break;
        }
      }
      report();
    }
    return progress;
  }

  /** One pass over every page shop at once (each at its own rate); resolves with what each did. */
  async function pass(): Promise<PassSummary> {
    const started = deps.now();
    const wanted = deps.repository.wantedCount(started - WANTED_FOR_MS);
    const shops = await Promise.all(deps.shops.filter((s) => !s.feed).map((s) => shopPass(s.id)));
    const summary: PassSummary = { wanted, ms: deps.now() - started, shops };
    deps.log.info('market refresh pass ended', { ...summary });
    return summary;
  }

  return { pass };
}
