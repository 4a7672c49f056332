import type { OfficialExclusion } from '@pharmaradar/shared/pro-catalogue.schema';

// Ports: the narrow types several features read from one provider, which none of them may import
// (features never import each other, ADR 016). They import nothing from a feature.

/**
 * What the official catalogue decides for one CNK (ADR 154). `offer: null`: the catalogue does not know
 * the code, the shops' own flags decide as before. `offer: false`: never offered (search, Pro prices,
 * alerts, basket, product page 404, sitemap), for `reason` (the reasons the Pro tool is told).
 */
export type CatalogueVerdict =
  { offer: null; reason: 'unknown' } | { offer: true; reason: null } | { offer: false; reason: OfficialExclusion };
