import type { Locale } from '@pharmaradar/shared/locales';
import { normaliseOfferCnk, normaliseProductName } from '@pharmaradar/shared/search-grouping';
import type { OfficialPack, SearchProduct } from '@pharmaradar/shared/search.schema';
import { unitPriceOf } from '@pharmaradar/shared/unit-price';
import { officialNameOf, type CatalogueLookup } from '../../lib/catalogue-lookup';
import type { CatalogueVerdict } from '../../ports/catalogue-verdict.port';
import type { Logger } from '../../lib/log';
import type { RetailerOffer } from '../../retailers/types';

/** What the search reads from the official catalogue (app.ts hands it the catalogue's lookup). */
export type SearchCatalogue = Pick<CatalogueLookup, 'generation' | 'verdict' | 'byCnk'>;

/** Verdicts and official data kept per catalogue generation; past this many the memo starts again. */
const MEMO_ENTRIES = 5_000;

const NO_CATALOGUE: SearchCatalogue = {
  generation: () => 0,
  verdict: () => ({ offer: null, reason: 'unknown' }),
  byCnk: () => null,
};

/**
 * The official catalogue's word on what a search shows (docs/decisions/154, 157, 158), applied when each
 * answer is built from the retailers' answers, cached or fresh: an import swapped in since an answer was
 * cached changes what it shows at once. Verdicts and official data are kept for the live generation only.
 */
export function createSearchOfficial(catalogue: SearchCatalogue = NO_CATALOGUE, log: Logger) {
  let memoGeneration = -1;
  const verdicts = new Map<string, CatalogueVerdict>();
  const officials = new Map<string, OfficialPack | null>();
  const names = new Map<string, string | null>();
  const disagreements = new Set<string>();

  /** The live generation; a change forgets every verdict and official record kept under the previous one. */
  function generation(): number {
    let live = 0;
    try {
      live = catalogue.generation();
    } catch (error) {
      log.warn('reading the catalogue generation failed', { error });
    }
    if (live !== memoGeneration) {
      memoGeneration = live;
      verdicts.clear();
      officials.clear();
      names.clear();
    }
    return live;
  }

  const kept = <V>(memo: Map<string, V>, key: string, read: () => V): V => {
    if (memo.has(key)) return memo.get(key)!;
    const value = read();
    if (memo.size >= MEMO_ENTRIES) memo.clear();
    memo.set(key, value);
    return value;
  };

  // A catalogue that cannot be read leaves the shops' flags in charge, as before it existed.
  const verdictOf = (cnk: string): CatalogueVerdict =>
    kept(verdicts, cnk, () => {
      try {
        return catalogue.verdict(cnk);
      } catch (error) {
        log.warn('catalogue verdict failed', { cnk, error });
        return { offer: null, reason: 'unknown' };
      }
    });

  /**
   * The offers a search may show (ADR 157): a pack the catalogue excludes never, one it offers always
   * (a shop's prescription flag on it is logged as a disagreement), one it does not know unless a shop
   * flags it prescription-only. An offer without a CNK goes when it bears the name of an excluded
   * offer, so a shop that does not print the CNK cannot bring an excluded pack back.
   */
  function sellable(offers: readonly RetailerOffer[]): RetailerOffer[] {
    generation();
    const excludedCnks = new Set<string>();
    const excludedNames = new Set<string>();
    for (const offer of offers) {
      const cnk = normaliseOfferCnk(offer.cnk);
      const verdict = cnk ? verdictOf(cnk).offer : null;
      if (verdict === true && offer.prescription && cnk && !disagreements.has(`${offer.retailer}|${cnk}`)) {
        disagreements.add(`${offer.retailer}|${cnk}`);
        log.info('shop flags prescription-only a pack the catalogue offers', { retailer: offer.retailer, cnk });
      }
      if (verdict === false || (verdict === null && offer.prescription)) {
        if (cnk) excludedCnks.add(cnk);
        excludedNames.add(normaliseProductName(offer.name));
      }
    }
    if (excludedCnks.size === 0 && excludedNames.size === 0) return [...offers];
    return offers.filter((offer) => {
      const cnk = normaliseOfferCnk(offer.cnk);
      if (cnk) return !excludedCnks.has(cnk);
      return !offer.prescription && !excludedNames.has(normaliseProductName(offer.name));
    });
  }

  /** The catalogue's data on a medicine pack in `lang` (fr when it has none in it), or null. */
  function officialOf(cnk: string, lang: Locale): OfficialPack | null {
    return kept(officials, `${lang}|${cnk}`, () => {
      let entry;
      try {
        entry = catalogue.byCnk(cnk, lang);
      } catch (error) {
        log.warn('catalogue lookup failed', { cnk, error });
        return null;
      }
      // A non-medicinal product has no pack, ATC or prescription status: the shops' names stay (ADR 158).
      if (!entry || entry.kind !== 'medicine') return null;
      return {
        name: entry.name,
        pack: entry.packName ?? entry.pack,
        gtin: entry.gtins[0] ?? null,
        atc: entry.atc[0] ?? null,
        prescription: entry.prescription,
        status: entry.status,
        marketed: entry.marketed,
        vmp: entry.vmp,
      };
    });
  }

  /** The catalogue's name for `cnk` in `lang`, or null when it does not know the code (or cannot be read). */
  function nameOf(cnk: string, lang: Locale): string | null {
    return kept(names, `${lang}|${cnk}`, () => {
      try {
        return officialNameOf(catalogue, cnk, lang);
      } catch (error) {
        log.warn('catalogue lookup failed', { cnk, error });
        return null;
      }
    });
  }

  /**
   * Each product with its official data; an offer whose own title gives no unit price gets one from
   * the official pack name when that one reads clearly (ADR 158). A product the catalogue knows bears
   * the catalogue's name: the shops' titles stay their offers' own text.
   */
  function withOfficial(products: readonly SearchProduct[], lang: Locale): SearchProduct[] {
    generation();
    return products.map((found) => {
      const name = found.cnk ? nameOf(found.cnk, lang) : null;
      const product = name === null ? found : { ...found, name };
      const official = product.cnk ? officialOf(product.cnk, lang) : null;
      if (!official?.pack) return { ...product, official };
      const packTitle = official.pack;
      const offers = product.offers.map((offer) => {
        if (offer.unitPrice) return offer;
        const unitPrice = unitPriceOf(offer.price, packTitle);
        return unitPrice ? { ...offer, unitPrice } : offer;
      });
      return { ...product, offers, official };
    });
  }

  return { generation, sellable, withOfficial, nameOf };
}

export type SearchOfficial = ReturnType<typeof createSearchOfficial>;
