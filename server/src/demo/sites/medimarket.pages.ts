import type { DemoProduct } from '../catalogue';
import { demoBanner, esc, euro } from './site-kit';

// Medi-Market page shapes (docs/retailers.md#medi-market): Tailwind tiles whose only stable hook is the Skeepers
// review widget keyed on the CNK.

export type MedimarketShop = 'parapharmacy' | 'pharmacy';

const PRICE_CLASS = 'font-secondary text-[1.5rem]/[1.625rem] md:text-4xl text-right !leading-[42px] text-secondary';

export function medimarketProductPath(p: DemoProduct, prefix = ''): string {
  return `${prefix}/fr/p/${p.slug}-${p.cnk}`;
}

function tile(p: DemoProduct, prefix: string): string {
  const offer = p.offers.medimarket!;
  const path = esc(medimarketProductPath(p, prefix));
  const old =
    p.referencePrice > offer.price
      ? `<span class="text-sm line-through text-gray-500">${euro(p.referencePrice)}</span>`
      : '';
  const action = p.prescription
    ? `<p class="mt-1 text-xs font-bold text-red-700">Médicament sur prescription – réservation uniquement</p><a class="btn btn-outline" href="${path}">Réserver</a>`
    : `<button type="button" class="btn btn-primary w-full"${offer.inStock ? '' : ' disabled'}>Ajouter au panier</button>`;
  return `<li class="group relative flex flex-col rounded-lg bg-white p-3 shadow-sm"${p.prescription ? ' data-prescription="true"' : ''}>
<a href="${path}" class="block"><img src="${esc(prefix + p.image)}" alt="${esc(p.name.fr)}" class="aspect-square object-contain" loading="lazy"></a>
<p data-testid="product-brand" class="text-xs font-bold uppercase text-primary">${esc(p.brand)}</p>
<a href="${path}"><h2 class="text-base line-clamp-2 sm:line-clamp-3 md:group-hover:underline">${esc(p.name.fr)}</h2></a>
<div class="skeepers_product__stars" data-product-id="${p.cnk}"></div>
<div class="mt-auto flex items-end justify-between gap-2">${old}<span class="${PRICE_CLASS}">${euro(offer.price)}</span></div>
<p data-testid="product-stock" class="text-xs ${offer.inStock ? 'text-green-700">En stock' : 'text-red-700">Rupture de stock'}</p>
${action}
</li>`;
}

function layout(shop: MedimarketShop, title: string, main: string, prefix: string): string {
  const name = shop === 'pharmacy' ? 'Medi-Market Pharmacie' : 'Medi-Market';
  return `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><title>${esc(title)} | ${name}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body class="font-primary">${demoBanner(name)}<header class="bg-primary text-white"><a href="${prefix}/fr/search?q=">${name}</a></header>
<main class="container mx-auto px-4">${main}</main></body></html>`;
}

export function renderMedimarketSearch(shop: MedimarketShop, q: string, products: DemoProduct[], prefix = ''): string {
  const main = products.length
    ? `<h1 class="font-secondary text-3xl">Résultats pour « ${esc(q)} »</h1><p class="text-sm text-gray-600">${products.length} produit(s)</p>
<ul class="grid grid-cols-2 gap-4 md:grid-cols-4">${products.map((p) => tile(p, prefix)).join('\n')}</ul>`
    : `<div data-testid="search-no-results" class="py-16 text-center"><h1 class="font-secondary text-3xl">Aucun résultat pour « ${esc(q)} »</h1>
<p>Essayez avec un autre mot-clé.</p></div>`;
  return layout(shop, q, main, prefix);
}

export function renderMedimarketProduct(shop: MedimarketShop, p: DemoProduct, prefix = ''): string {
  const offer = p.offers.medimarket!;
  return layout(
    shop,
    p.name.fr,
    `<article class="grid md:grid-cols-2 gap-8"><img src="${esc(prefix + p.image)}" alt="${esc(p.name.fr)}">
<div><p class="text-sm uppercase">${esc(p.brand)}</p><h1 class="font-secondary text-4xl">${esc(p.name.fr)}</h1>
<div class="skeepers_product__stars" data-product-id="${p.cnk}"></div>
<span class="${PRICE_CLASS}">${euro(offer.price)}</span><p>CNK : ${p.cnk}</p>
<p>${p.prescription ? 'Médicament sur prescription – réservation uniquement' : offer.inStock ? 'En stock' : 'Rupture de stock'}</p></div></article>`,
    prefix,
  );
}
