import type { DemoProduct } from '../catalogue';
import { slugify } from '../catalogue';
import { hashString } from '../demo-random';
import { demoBanner, esc, euro } from './site-kit';

// Newpharma page shapes (docs/retailers.md#newpharma): rows with the analytics JSON in data-google-360 and
// protocol-relative links; Newpharma's own numeric ids, no CNK in the tile.

export function newpharmaId(p: DemoProduct): number {
  return 100_000 + (hashString(`np:${p.cnk}`) % 900_000);
}

export function newpharmaProductPath(p: DemoProduct, prefix = ''): string {
  return `${prefix}/pharmacie/${slugify(p.brand)}/${newpharmaId(p)}/${p.slug}.html`;
}

function row(p: DemoProduct, host: string, prefix: string): string {
  const offer = p.offers.newpharma!;
  const href = esc(`//${host}${newpharmaProductPath(p, prefix)}`);
  const payload = {
    event: 'select_item',
    ecommerce: {
      items: [
        {
          item_id: String(newpharmaId(p)),
          item_name: p.name.fr,
          item_brand: p.brand,
          item_category: p.category,
          price: offer.price,
          currency: 'EUR',
        },
      ],
    },
  };
  return `<div class="product js-product-row" data-google-360="${esc(JSON.stringify(payload))}">
<a class="details__image" href="${href}"><img class="lazy" data-src="${esc(prefix + p.image)}" src="${esc(prefix + p.image)}" alt="${esc(p.name.fr)}"></a>
<div class="details"><a class="details__title" href="${href}">${esc(p.name.fr)}</a>
<div class="product__availability">${offer.inStock ? 'En stock' : 'Rupture de stock'}</div>
${p.prescription ? '<div class="product__prescription">Sur prescription – réservation uniquement</div>' : ''}
<div class="price"><span class="price__sale">${euro(offer.price)}</span></div></div></div>`;
}

function layout(title: string, main: string): string {
  return `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><title>${esc(title)} - Newpharma</title></head>
<body>${demoBanner('Newpharma')}<div id="js-cookie-policy-popup" hidden></div><main>${main}</main></body></html>`;
}

export function renderNewpharmaSearch(q: string, products: DemoProduct[], host: string, prefix = ''): string {
  const main = products.length
    ? `<h1 class="search-results__title">Résultats pour « ${esc(q)} »</h1><div class="products-list">${products.map((p) => row(p, host, prefix)).join('\n')}</div>`
    : `<div class="search-results__empty"><span class="gtm-search-no-results">Aucun résultat pour « ${esc(q)} »</span></div>`;
  return layout(q, main);
}

export function renderNewpharmaProduct(p: DemoProduct, prefix = ''): string {
  const offer = p.offers.newpharma!;
  return layout(
    p.name.fr,
    `<h1 class="product-details__title">${esc(p.name.fr)}</h1><img src="${esc(prefix + p.image)}" alt="${esc(p.name.fr)}">
<span class="price__sale">${euro(offer.price)}</span><div id="product-details"><p>CNK : ${p.cnk}</p></div>`,
  );
}
