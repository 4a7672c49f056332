import type { ShopLanguage } from '@pharmaradar/shared/locales';
import type { DemoProduct } from '../catalogue';
import { demoBanner, esc, euro, schemaOrgProduct, scriptJson, type SearchPageRenderer } from './site-kit';

// Multipharma page shapes (docs/retailers.md#multipharma): Salesforce SFRA tiles and product detail page, with the
// schema.org JSON-LD the real pages are said to carry. The pages show each pack's GTIN there, never a
// CNK: the connector learns the CNK through the catalogue (the demo catalogue in demo mode, ADR 134).
// The site has the locales fr_BE and nl_BE: its Dutch pages carry the catalogue's Dutch names.

const TEXTS = {
  fr: {
    rx: 'Sur prescription – réservation uniquement',
    inStock: 'En stock',
    outOfStock: 'Temporairement indisponible',
    found: (n: number, q: string) => `${n} résultat(s) pour « ${q} »`,
    none: (q: string) => `Nous sommes désolés, aucun résultat ne correspond à votre recherche « ${q} ».`,
    ref: 'Réf.',
  },
  nl: {
    rx: 'Op voorschrift – enkel reserveren',
    inStock: 'Op voorraad',
    outOfStock: 'Tijdelijk niet beschikbaar',
    found: (n: number, q: string) => `${n} resultaat/resultaten voor „${q}”`,
    none: (q: string) => `Het spijt ons, geen resultaten voor uw zoekopdracht „${q}”.`,
    ref: 'Ref.',
  },
} satisfies Record<ShopLanguage, unknown>;

/** schema.org Product of a demo product, as JSON safe inside a script element. */
function jsonLdProduct(p: DemoProduct, prefix: string, lang: ShopLanguage) {
  return schemaOrgProduct(p, {
    retailer: 'multipharma',
    lang,
    prefix,
    vocabulary: 'http://schema.org',
    ids: { sku: p.cnk, gtin13: p.ean, url: multipharmaProductPath(p, prefix, lang) },
  });
}

function jsonLdScript(data: unknown): string {
  return `<script type="application/ld+json">${scriptJson({ '@context': 'http://schema.org', ...(data as object) })}</script>`;
}

export function multipharmaProductPath(p: DemoProduct, prefix = '', lang: ShopLanguage = 'fr'): string {
  return `${prefix}/${lang}/${p.slug}-${p.cnk}.html`;
}

function priceBlock(p: DemoProduct): string {
  const offer = p.offers.multipharma!;
  const list =
    p.referencePrice > offer.price
      ? `<del><span class="strike-through list"><span class="value" content="${p.referencePrice.toFixed(2)}">${euro(p.referencePrice)}</span></span></del>`
      : '';
  return `<div class="price"><span>${list}<span class="sales"><span class="value" content="${offer.price.toFixed(2)}">${euro(offer.price)}</span></span></span></div>`;
}

function badges(p: DemoProduct, lang: ShopLanguage): string {
  return p.prescription
    ? `<div class="product-badges"><span class="badge badge-prescription">${TEXTS[lang].rx}</span></div>`
    : '';
}

function availability(p: DemoProduct, lang: ShopLanguage): string {
  const t = TEXTS[lang];
  return `<div class="availability"><span class="availability-msg">${p.offers.multipharma!.inStock ? t.inStock : t.outOfStock}</span></div>`;
}

function tile(p: DemoProduct, prefix: string, lang: ShopLanguage): string {
  const path = esc(multipharmaProductPath(p, prefix, lang));
  const name = esc(p.name[lang]);
  return `<div class="col-6 col-sm-4"><div class="product" data-pid="${p.cnk}"><div class="product-tile">
<div class="image-container"><a href="${path}"><img class="tile-image" src="${esc(prefix + p.image)}" alt="${name}" title="${name}"></a></div>
<div class="tile-body"><div class="product-brand">${esc(p.brand)}</div>
<div class="pdp-link"><a class="link" href="${path}">${name}</a></div>
${priceBlock(p)}${availability(p, lang)}${badges(p, lang)}</div></div></div></div>`;
}

function layout(lang: ShopLanguage, title: string, main: string, canonical?: string, jsonLd = ''): string {
  return `<!DOCTYPE html><html lang="${lang}-BE"><head><meta charset="UTF-8"><title>${esc(title)} | Multipharma</title>
${canonical ? `<link rel="canonical" href="${esc(canonical)}">` : ''}${jsonLd}</head>
<body>${demoBanner('Multipharma')}<div class="page" data-action="Search-Show"><header class="header">Multipharma</header>
<div id="maincontent">${main}</div></div></body></html>`;
}

export const renderMultipharmaSearch: SearchPageRenderer = (q, products, prefix = '', lang = 'fr') => {
  const t = TEXTS[lang];
  const main = products.length
    ? `<div class="container search-results"><div class="row search-result-count"><span>${t.found(products.length, esc(q))}</span></div>
<div class="row product-grid">${products.map((p) => tile(p, prefix, lang)).join('\n')}</div></div>`
    : `<div class="container search-results"><div class="search-nohits"><p class="search-result-count">${t.none(esc(q))}</p></div></div>`;
  const list = {
    '@type': 'ItemList',
    itemListElement: products.map((p, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      item: jsonLdProduct(p, prefix, lang),
    })),
  };
  return layout(lang, q, main, undefined, products.length ? jsonLdScript(list) : '');
};

export function renderMultipharmaProduct(p: DemoProduct, prefix = '', lang: ShopLanguage = 'fr'): string {
  const name = esc(p.name[lang]);
  return layout(
    lang,
    p.name[lang],
    `<div class="container product-detail product-wrapper" data-pid="${p.cnk}">
<div class="row"><div class="col-12 col-sm-6 primary-images"><img src="${esc(prefix + p.image)}" alt="${name}"></div>
<div class="col-12 col-sm-6"><div class="product-brand">${esc(p.brand)}</div><h1 class="product-name">${name}</h1>
<div class="prices">${priceBlock(p)}</div>${availability(p, lang)}${badges(p, lang)}
<div class="product-number">${TEXTS[lang].ref} <span class="product-id">${p.cnk}</span></div></div></div></div>`,
    multipharmaProductPath(p, prefix, lang),
    jsonLdScript(jsonLdProduct(p, prefix, lang)),
  );
}
