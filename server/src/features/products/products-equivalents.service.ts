import type { Locale } from '@pharmaradar/shared/locales';
import type { Equivalent, EquivalentsResponse } from '@pharmaradar/shared/equivalents.schema';
import { unitPriceOf } from '@pharmaradar/shared/unit-price';
import type { CatalogueLookup, OfficialPack } from '../../lib/catalogue-lookup';

// "The same medicine, cheaper" (docs/decisions/159): the other packs of a product's VMP that a consumer
// may buy, each with the best price already known. No shop is asked here: one page view would
// otherwise cost a live request per equivalent.

/** The best current price known for a CNK (the price history's; app.ts wires it), or null. */
export type BestKnownPrices = { bestPrice(cnk: string): number | null };

export type EquivalentsDeps = {
  catalogue: Pick<CatalogueLookup, 'byCnk' | 'vmpGroup' | 'verdict'>;
  prices: BestKnownPrices;
  /** Landing slugs of the CNKs that have a page. */
  slugsOf(cnks: readonly string[]): ReadonlyMap<string, string>;
  /** The title a shop gave the CNK (its product page's name), or null. */
  shopNameOf(cnk: string): string | null;
};

/** A big VMP (paracetamol 500 mg) holds dozens of packs: the cheapest ones are enough for a page. */
export const MAX_EQUIVALENTS = 20;

/** A pack a consumer may be offered: known to the catalogue as free, authorised and on the market. */
function offered(deps: EquivalentsDeps, entry: OfficialPack): boolean {
  return entry.marketed && deps.catalogue.verdict(entry.cnk).offer === true;
}

function unitPrice(deps: EquivalentsDeps, price: number | null, pack: OfficialPack) {
  if (price === null) return null;
  // The official pack name usually says how many units ("… comp. 30"), the pack text alone ("30") not
  // always; some official abbreviations are unreadable ("comp. efferv. 20"), where a shop's title is.
  const shopName = deps.shopNameOf(pack.cnk);
  return (
    (pack.packName ? unitPriceOf(price, pack.packName) : null) ??
    (pack.pack ? unitPriceOf(price, `${pack.name} ${pack.pack}`) : null) ??
    (shopName ? unitPriceOf(price, shopName) : null)
  );
}

const last = Number.POSITIVE_INFINITY;
const byValue = (a: Equivalent, b: Equivalent) =>
  (a.unitPrice?.amount ?? last) - (b.unitPrice?.amount ?? last) ||
  (a.bestPrice ?? last) - (b.bestPrice ?? last) ||
  a.name.localeCompare(b.name) ||
  a.cnk.localeCompare(b.cnk);

/**
 * The answer for `cnk`, or null when it is not a public-pharmacy CNK the catalogue lets us offer (the
 * route's 404: a prescription-only or withdrawn pack has no page, so no equivalents either).
 */
export function equivalentsOf(deps: EquivalentsDeps, cnk: string, lang: Locale): EquivalentsResponse | null {
  const entry = deps.catalogue.byCnk(cnk, lang);
  if (!entry || deps.catalogue.verdict(cnk).offer === false) return null;
  if (entry.kind !== 'medicine' || !entry.vmp) return { cnk, group: null, equivalents: [] };
  const group = deps.catalogue.vmpGroup(entry.vmp.code, lang);
  if (!group) return { cnk, group: { code: entry.vmp.code, name: entry.vmp.name }, equivalents: [] };
  const packs = group.cnks
    .filter((other) => other !== cnk)
    .map((other) => deps.catalogue.byCnk(other, lang))
    .filter((other): other is OfficialPack => other?.kind === 'medicine' && offered(deps, other));
  const slugs = deps.slugsOf(packs.map((p) => p.cnk));
  const equivalents = packs
    .map((pack): Equivalent => {
      const bestPrice = deps.prices.bestPrice(pack.cnk);
      return {
        cnk: pack.cnk,
        name: pack.name,
        pack: pack.pack,
        slug: slugs.get(pack.cnk) ?? null,
        bestPrice,
        unitPrice: unitPrice(deps, bestPrice, pack),
      };
    })
    .sort(byValue)
    .slice(0, MAX_EQUIVALENTS);
  return { cnk, group: { code: group.code, name: group.name }, equivalents };
}
