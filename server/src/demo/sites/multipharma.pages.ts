import type { DemoProduct } from '../catalogue';
import { demoBanner, esc, euro } from './site-kit';

// Multipharma page shapes (docs/retailers.md#multipharma): Salesforce SFRA tiles and product detail page, with the
// schema.org JSON-LD the real pages are said to carry. The pages show each pack's GTIN there, never a
// CNK: the connector learns the CNK through the catalogue (the demo catalogue in demo mode, ADR 134).

/** schema.org Product of a demo product, as JSON safe inside a script element. */
function jsonLdProduct(p: DemoProduct, prefix: string) {
  const offer = p.offers.multipharma!;
  return {
    '@type': 'Product',
    name: p.name.fr,
    brand: { '@type': 'Brand', name: p.brand },
    sku: p.cnk,
    gtin13: p.ean,
    url: multipharmaProductPath(p, prefix),
    image: prefix + p.image,
    offers: {
      '@type': 'Offer',
      price: offer.price.toFixed(2),
      priceCurrency: 'EUR',
      availability: offer.inStock ? 'http://schema.org/InStock' : 'http://schema.org/OutOfStock',
    },
  };
}

function jsonLdScript(data: unknown): string {
  return `<script type="application/ld+json">${JSON.stringify({ '@context': 'http://schema.org', ...(data as object) }).replace(/</g, '\\u003c')}</script>`;
}

export function multipharmaProductPath(p: DemoProduct, prefix = ''): string {
  return `${prefix}/fr/${p.slug}-${p.cnk}.html`;
}

function priceBlock(p: DemoProduct): string {
  const offer = p.offers.multipharma!;
  const list =
    p.referencePrice > offer.price
      ? `<del><span class="strike-through list"><span class="value" content="${p.referencePrice.toFixed(2)}">${euro(p.referencePrice)}</span></span></del>`
      : '';
  return `<div class="price"><span>${list}<span class="sales"><span class="value" content="${offer.price.toFixed(2)}">${euro(offer.price)}</span></span></span></div>`;
}

function badges(p: DemoProduct): string {
  return p.prescription
    ? `<div class="product-badges"><span class="badge badge-prescription">Sur prescription – réservation uniquement</span></div>`
    : '';
}

function availability(p: DemoProduct): string {
  return `<div class="availability"><span class="availability-msg">${p.offers.multipharma!.inStock ? 'En stock' : 'Temporairement indisponible'}</span></div>`;
}

function tile(p: DemoProduct, prefix: string): string {
  const path = esc(multipharmaProductPath(p, prefix));
  return `<div class="col-6 col-sm-4"><div class="product" data-pid="${p.cnk}"><div class="product-tile">
<div class="image-container"><a href="${path}"><img class="tile-image" src="${esc(prefix + p.image)}" alt="${esc(p.name.fr)}" title="${esc(p.name.fr)}"></a></div>
<div class="tile-body"><div class="product-brand">${esc(p.brand)}</div>
<div class="pdp-link"><a class="link" href="${path}">${esc(p.name.fr)}</a></div>
${priceBlock(p)}${availability(p)}${badges(p)}</div></div></div></div>`;
}

function layout(title: string, main: string, canonical?: string, jsonLd = ''): string {
  return `<!DOCTYPE html><html lang="fr-BE"><head><meta charset="UTF-8"><title>${esc(title)} | Multipharma</title>
${canonical ? `<link rel="canonical" href="${esc(canonical)}">` : ''}${jsonLd}</head>
<body>${demoBanner('Multipharma')}<div class="page" data-action="Search-Show"><header class="header">Multipharma</header>
<div id="maincontent">${main}</div></div></body></html>`;
}

export function renderMultipharmaSearch(q: string, products: DemoProduct[], prefix = ''): string {
  const main = products.length
    ? `<div class="container search-results"><div class="row search-result-count"><span>${products.length} résultat(s) pour « ${esc(q)} »</span></div>
<div class="row product-grid">${products.map((p) => tile(p, prefix)).join('\n')}</div></div>`
    : `<div class="container search-results"><div class="search-nohits"><p class="search-result-count">Nous sommes désolés, aucun résultat ne correspond à votre recherche « ${esc(q)} ».</p></div></div>`;
  const list = {
    '@type': 'ItemList',
    itemListElement: products.map((p, i) => ({ '@type': 'ListItem', position: i + 1, item: jsonLdProduct(p, prefix) })),
  };
  return layout(q, main, undefined, products.length ? jsonLdScript(list) : '');
}

export function renderMultipharmaProduct(p: DemoProduct, prefix = ''): string {
  return layout(
    p.name.fr,
    `<div class="container product-detail product-wrapper" data-pid="${p.cnk}">
<div class="row"><div class="col-12 col-sm-6 primary-images"><img src="${esc(prefix + p.image)}" alt="${esc(p.name.fr)}"></div>
<div class="col-12 col-sm-6"><div class="product-brand">${esc(p.brand)}</div><h1 class="product-name">${esc(p.name.fr)}</h1>
<div class="prices">${priceBlock(p)}</div>${availability(p)}${badges(p)}
<div class="product-number">Réf. <span class="product-id">${p.cnk}</span></div></div></div></div>`,
    multipharmaProductPath(p, prefix),
    jsonLdScript(jsonLdProduct(p, prefix)),
  );
}
