import { normaliseOfferCnk } from '@pharmaradar/shared/search-grouping';
import type { Logger } from '../../lib/log';
import type { RetailerOffer, SearchQuery } from '../../retailers/types';
import type { RetailerAnswer } from './retailer-call';
import type { ObservedPrice, SearchServiceDeps, SeenProduct } from './search-ports';

type RecordingDeps = Pick<
  SearchServiceDeps,
  'cache' | 'pages' | 'activity' | 'prices' | 'market' | 'cacheTtlMs' | 'now'
>;
/** What the recording may keep of an answer: the offers a search may show (ADR 157). */
type Sellable = (offers: readonly RetailerOffer[]) => RetailerOffer[];
/** The catalogue's name for a CNK (French: the landing page's record), or null when it does not know it. */
type OfficialName = (cnk: string) => string | null;

/**
 * What a search leaves behind (ADR 143): a fresh answer goes to the cache, its products to the landing
 * pages and its prices to the price history; each upstream call and each consumer search goes to the
 * activity statistics. A cached answer records nothing. No record, lost or failing, ever costs a user
 * the search: every failure is logged and swallowed here.
 */
export function createSearchRecording(
  deps: RecordingDeps,
  sellable: Sellable,
  log: Logger,
  officialName: OfficialName = () => null,
) {
  /** Activity records are statistics: losing one never costs a user the search. */
  const report = (record: () => void) => {
    try {
      record();
    } catch (error) {
      log.warn('recording search activity failed', { error });
    }
  };

  /**
   * Products with a CNK from a fresh upstream answer get (or refresh) their landing-page record, under
   * the catalogue's name when it knows the code: a shop's title never names a page.
   */
  function recordProducts(offers: readonly RetailerOffer[]): void {
    const seen = new Map<string, SeenProduct>();
    for (const offer of offers) {
      const cnk = normaliseOfferCnk(offer.cnk);
      if (!cnk || seen.has(cnk)) continue;
      seen.set(cnk, { cnk, name: officialName(cnk) ?? offer.name, brand: offer.brand, image: offer.image });
    }
    if (seen.size === 0) return;
    try {
      deps.pages.recordProducts([...seen.values()], deps.now());
    } catch (error) {
      log.warn('recording seen products failed', { error });
    }
  }

  /** Prices of the offers a search may show, with a CNK, go to the price history. */
  function recordPrices(offers: readonly RetailerOffer[]): void {
    if (!deps.prices) return;
    const observations: ObservedPrice[] = [];
    for (const offer of offers) {
      const cnk = normaliseOfferCnk(offer.cnk);
      if (!cnk) continue;
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

  /** A retailer was asked `query` (not served from the cache): its answer under the cache key `key`. */
  function answered(connectorId: string, key: string, query: SearchQuery, answer: RetailerAnswer): void {
    report(() => deps.activity?.retailerCalled(answer));
    if (answer.status === 'ok' || answer.status === 'empty') {
      // A cache or product table that cannot be written (disk full, read-only file) must not cost
      // the user the prices.
      try {
        const { status, offers, ms, fetchedAt } = answer;
        deps.cache.put(connectorId, key, { status, offers, ms, fetchedAt }, deps.now() - deps.cacheTtlMs);
      } catch (error) {
        log.warn('search cache write failed', { retailer: connectorId, error });
      }
      // What a live search fetched keeps the market warm too (the whole answer: the store decides
      // what of it a CNK's price is).
      try {
        const { status, offers, ms, fetchedAt } = answer;
        deps.market?.recordAnswer(connectorId, query, { status, offers, ms, fetchedAt });
      } catch (error) {
        log.warn('market store write failed', { retailer: connectorId, error });
      }
      // The whole answer is cached; only what a search may show gets a page and a price history.
      const shown = sellable(answer.offers);
      recordProducts(shown);
      recordPrices(shown);
    } else {
      log.info('retailer answer failed', {
        retailer: connectorId,
        status: answer.status,
        error: answer.error,
        ms: answer.ms,
      });
    }
  }

  /** A consumer search of the normalised `query` found `products` products (counted options only). */
  function searched(query: string, products: number): void {
    report(() => deps.activity?.searched(query, products, deps.now()));
  }

  return { answered, searched };
}

export type SearchRecording = ReturnType<typeof createSearchRecording>;
