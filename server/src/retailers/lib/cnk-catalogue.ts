// The official CNK catalogue as the connectors see it: a port, empty until the catalogue exists
// (docs/decisions/134). A connector asks it to turn a GTIN a page shows into a CNK, and for the
// official name of a CNK when the shop's own search cannot find the CNK itself.

export interface CnkCatalogue {
  /** The CNK the catalogue files under this canonical GTIN, or null. */
  cnkOfGtin(gtin: string): string | null;
  /** The official product name of a CNK, or null. */
  nameOfCnk(cnk: string): string | null;
}

export const EMPTY_CATALOGUE: CnkCatalogue = { cnkOfGtin: () => null, nameOfCnk: () => null };

/** A catalogue from a few known pairs (tests, the demo catalogue). */
export function catalogueOf(entries: Array<{ cnk: string; gtin?: string; name?: string }>): CnkCatalogue {
  const byGtin = new Map(entries.filter((e) => e.gtin).map((e) => [e.gtin!, e.cnk]));
  const names = new Map(entries.filter((e) => e.name).map((e) => [e.cnk, e.name!]));
  return { cnkOfGtin: (gtin) => byGtin.get(gtin) ?? null, nameOfCnk: (cnk) => names.get(cnk) ?? null };
}
