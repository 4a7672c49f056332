import { normaliseOfferCnk } from '@pharmaradar/shared/search-grouping';
import type { SearchQuery, ShopLanguage } from '../../retailers/types';
import { freshAfter, freshUntil, isFresh } from './market-freshness';
import type { MarketRepository, StoredAnswer } from './market.repository';

/** A CNK nobody has searched, viewed, priced or kept in a group or an alert for this long leaves the walk. */
export const WANTED_FOR_MS = 30 * 24 * 3_600_000;

export type MarketServiceDeps = {
  repository: MarketRepository;
  /** MARKET_FRESH_H: hours a stored price stays fresh. */
  freshHours: number;
  /** MARKET_RATE_PER_SHOP: least time between two of the refresh job's requests to one shop, ms. */
  intervalMs: number;
  now: () => number;
};

/** One shop's share of the wanted CNKs with a fresh price, for /admin. */
export type ShopFreshness = { retailer: string; fresh: number; wanted: number };

/** A shop as /admin's market panel shows it: its fresh share, how fast it answers, its pass. */
export type ShopMarket = ShopFreshness & {
  /** The median time of its latest stored answers (RESPONSE_SAMPLE of them), ms; null before any. */
  responseMs: number | null;
  /** How long walking every wanted CNK there takes: one request at a time, each at least the interval. */
  passMs: number;
};

/** The market as /admin shows it (docs/decisions/249, 255). */
export type MarketOverview = {
  wanted: number;
  freshHours: number;
  intervalMs: number;
  /** The configured floor: every wanted CNK at the rate alone, as if every shop answered at once. */
  floorPassMs: number;
  /**
   * How long the refresh job takes to walk every wanted CNK once, every price stale at once (the
   * worst morning): the shops are walked side by side, so the slowest shop's pass (at least the floor).
   */
  fullPassMs: number;
  shops: ShopMarket[];
};

/** How many of a shop's latest answers its typical response time is read from. */
const RESPONSE_SAMPLE = 200;

/** The middle value to the ms (the mean of the two middle ones for an even count); null for none. */
function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return Math.round(sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2);
}

export function createMarketService(deps: MarketServiceDeps) {
  const { repository } = deps;

  /**
   * Keeps what a shop answered: a CNK query's whole answer is that CNK's (an empty answer says the shop
   * does not sell it); a name or barcode query's offers are each kept under the CNK they show, those a
   * name search matched without a CNK on the page left out (they are not known to be that CNK).
   */
  function recordAnswer(retailer: string, query: SearchQuery, answer: StoredAnswer): void {
    const lang = query.lang ?? 'fr';
    if (query.kind === 'cnk') {
      repository.put(retailer, query.value, answer, lang);
      return;
    }
    const byCnk = new Map<string, StoredAnswer['offers']>();
    for (const offer of answer.offers) {
      const cnk = offer.matchedBy === 'name' ? null : normaliseOfferCnk(offer.cnk);
      if (!cnk) continue;
      byCnk.set(cnk, [...(byCnk.get(cnk) ?? []), offer]);
    }
    for (const [cnk, offers] of byCnk) repository.put(retailer, cnk, { ...answer, status: 'ok', offers }, lang);
  }

  /** The shop's stored answer for `cnk` asked in `lang` while fresh (market-freshness.ts), else null. */
  function freshAnswer(retailer: string, cnk: string, lang: ShopLanguage = 'fr'): StoredAnswer | null {
    const answer = repository.answers(cnk, lang).get(retailer);
    return answer && isFresh(answer.fetchedAt, deps.now(), deps.freshHours) ? answer : null;
  }

  /** Per shop, how many of the wanted CNKs have a fresh price. */
  function freshness(retailers: readonly string[]): ShopFreshness[] {
    const now = deps.now();
    const wantedAfter = now - WANTED_FOR_MS;
    const wanted = repository.wantedCount(wantedAfter);
    return retailers.map((retailer) => ({
      retailer,
      wanted,
      fresh: repository.freshCount(retailer, wantedAfter, freshAfter(now, deps.freshHours)),
    }));
  }

  /**
   * /admin's view: the wanted CNKs, each page shop's fresh share and typical response time, and how long
   * a full pass takes. The job keeps one request in flight per shop and starts the next no sooner than
   * the interval after the last began (market-refresh.job.ts), so a shop answering slower than the
   * interval sets its own pace: its pass is wanted × max(interval, typical response time). A shop
   * with no stored answer yet is counted at the floor, which the panel says is not measured.
   */
  function overview(pageShops: readonly string[]): MarketOverview {
    const { freshHours, intervalMs } = deps;
    const fresh = freshness(pageShops);
    const wanted = fresh[0]?.wanted ?? repository.wantedCount(deps.now() - WANTED_FOR_MS);
    const floorPassMs = wanted * intervalMs;
    const shops = fresh.map((shop): ShopMarket => {
      const responseMs = median(repository.responseTimes(shop.retailer, RESPONSE_SAMPLE));
      return { ...shop, responseMs, passMs: wanted * Math.max(intervalMs, responseMs ?? 0) };
    });
    const fullPassMs = Math.max(floorPassMs, ...shops.map((s) => s.passMs));
    return { wanted, freshHours, intervalMs, floorPassMs, fullPassMs, shops };
  }

  return {
    recordAnswer,
    overview,
    freshAnswer,
    freshness,
    want: (cnks: readonly string[]) => repository.want(cnks, deps.now()),
    freshUntil: (fetchedAt: number) => freshUntil(fetchedAt, deps.freshHours),
  };
}
