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

/** The market as /admin shows it (docs/decisions/249). */
export type MarketOverview = {
  wanted: number;
  freshHours: number;
  intervalMs: number;
  /**
   * How long the refresh job takes to walk every wanted CNK once at the configured rate, every price
   * stale at once (the worst morning): each page shop is walked at its own rate, side by side.
   */
  fullPassMs: number;
  shops: ShopFreshness[];
};

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

  /** /admin's view: the wanted CNKs, each page shop's fresh share and a full pass's time at the rate. */
  function overview(pageShops: readonly string[]): MarketOverview {
    const shops = freshness(pageShops);
    const wanted = shops[0]?.wanted ?? repository.wantedCount(deps.now() - WANTED_FOR_MS);
    const { freshHours, intervalMs } = deps;
    return { wanted, freshHours, intervalMs, fullPassMs: wanted * intervalMs, shops };
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
