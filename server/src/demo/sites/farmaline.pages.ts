import type { ShopLanguage } from '@pharmaradar/shared/locales';
import type { DemoProduct } from '../catalogue';
import { baseName } from '../catalogue-search';
import { demoBanner, esc, euro, schemaOrgProduct, scriptJson, type SearchPageRenderer } from './site-kit';

// Farmaline page shapes (docs/retailers.md#farmaline): data-qa-id markup plus the embedded InstantSearch JSON,
// under /fr/… and /nl/… as on the real shop, with the catalogue's Dutch names on the Dutch pages.

const TEXTS = {
  fr: {
    rx: 'Sur prescription – réservation uniquement',
    inStock: 'En stock',
    outOfStock: 'Épuisé',
    found: (n: number, q: string) => `${n} résultat(s) pour « ${q} »`,
    none: (q: string) => `Aucun résultat pour « ${q} »`,
    noneHint: 'Vérifiez l’orthographe ou essayez un autre terme.',
    code: 'Code produit',
    brand: 'Marque',
    content: 'Contenu',
  },
  nl: {
    rx: 'Op voorschrift – enkel reserveren',
    inStock: 'Op voorraad',
    outOfStock: 'Uitverkocht',
    found: (n: number, q: string) => `${n} resultaat/resultaten voor „${q}”`,
    none: (q: string) => `Geen resultaten voor „${q}”`,
    noneHint: 'Controleer de spelling of probeer een andere term.',
    code: 'Productcode',
    brand: 'Merk',
    content: 'Inhoud',
  },
} satisfies Record<ShopLanguage, unknown>;

export function farmalineProductPath(p: DemoProduct, prefix = '', lang: ShopLanguage = 'fr'): string {
  return `${prefix}/${lang}/${p.category}/BE0${p.cnk}/${p.slug}.htm`;
}

function hit(p: DemoProduct, prefix: string, lang: ShopLanguage) {
  const offer = p.offers.farmaline!;
  return {
    objectID: `BE0${p.cnk}`,
    productName: baseName(p, lang),
    brand: p.brand,
    manufacturer: p.brand,
    packSize: p.packSize[lang],
    pharmaForm: null,
    primaryCategory: [`${lang}/${p.category}`],
    price: Math.round(offer.price * 100),
    listPrice: Math.round(p.referencePrice * 100),
    prices: { retailPrice: { net: Math.round(offer.price * 100) } },
    // The struck-out price the entry shows (docs/retailers.md#farmaline: best_offer.strike_price.amount, cents).
    ...(p.referencePrice > offer.price
      ? { best_offer: { strike_price: { amount: Math.round(p.referencePrice * 100) } } }
      : {}),
    inStock: offer.inStock,
    deeplink: farmalineProductPath(p, prefix, lang),
    image: `${prefix}${p.image}`,
    // The platform's index flag (ADR 133).
    prescriptionMedicine: p.prescription,
    _rankingInfo: { promoted: false },
  };
}

function entry(p: DemoProduct, prefix: string, lang: ShopLanguage): string {
  const offer = p.offers.farmaline!;
  const t = TEXTS[lang];
  const name = esc(p.name[lang]);
  const path = esc(farmalineProductPath(p, prefix, lang));
  const was =
    p.referencePrice > offer.price
      ? `<div class="text-dark-primary-max text-s"><span class="line-through">${euro(p.referencePrice)}</span></div>`
      : '';
  const rx = p.prescription
    ? `<span data-qa-id="prescription-badge" class="rounded bg-red-100 px-1 text-xs">${t.rx}</span>`
    : '';
  return `<li data-qa-id="result-list-entry" class="relative flex flex-col rounded-lg border border-light-primary p-4">
<a href="${path}" tabindex="-1"><picture><img src="${esc(prefix + p.image)}" alt="${name}" width="160" height="160" loading="lazy"></picture></a>
<div data-qa-id="serp-result-item-brand" class="text-xs uppercase text-dark-primary-light">${esc(p.brand)}</div>
<a data-qa-id="serp-result-item-title" class="line-clamp-3 text-m font-medium" href="${path}">${name}</a>
${rx}${was}<span data-qa-id="entry-price" class="text-l font-bold">${euro(offer.price)}</span>
<p data-qa-id="product-status-qa-id" class="text-xs">${offer.inStock ? t.inStock : t.outOfStock}</p>
</li>`;
}

export const renderFarmalineSearch: SearchPageRenderer = (q, products, prefix = '', lang = 'fr') => {
  const t = TEXTS[lang];
  const index = `products_mktplc_prod_BE_${lang}`;
  const blob = {
    [index]: {
      results: [
        {
          hits: products.map((p) => hit(p, prefix, lang)),
          nbHits: products.length,
          page: 0,
          hitsPerPage: 24,
          query: q,
          index,
        },
      ],
    },
  };
  const json = scriptJson(blob);
  const body = products.length
    ? `<h1 data-qa-id="search-headline" class="text-xl">${t.found(products.length, esc(q))}</h1>
<ul data-qa-id="result-list" class="grid grid-cols-2 gap-4 lg:grid-cols-4">${products.map((p) => entry(p, prefix, lang)).join('\n')}</ul>`
    : `<div data-qa-id="search-no-results"><h1 class="text-xl">${t.none(esc(q))}</h1><p>${t.noneHint}</p></div>`;
  return `<!DOCTYPE html><html lang="${lang}-BE"><head><meta charset="utf-8"><title>${esc(q)} | Farmaline</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body>${demoBanner('Farmaline')}<header data-qa-id="header"><a href="${prefix}/${lang}/search.htm?q=">Farmaline</a></header>
<main id="main" class="container mx-auto">${body}</main>
<script>window[Symbol.for("InstantSearchInitialResults")] = ${json};</script>
</body></html>`;
};

export function renderFarmalineProduct(p: DemoProduct, prefix = '', lang: ShopLanguage = 'fr'): string {
  const offer = p.offers.farmaline!;
  const t = TEXTS[lang];
  const name = esc(p.name[lang]);
  const rx = p.prescription ? `<span data-qa-id="prescription-badge">${t.rx}</span>` : '';
  // Redcare product pages carry a WebPage whose mainEntity is the Product (ADR 133).
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    mainEntity: schemaOrgProduct(p, {
      retailer: 'farmaline',
      lang,
      prefix,
      vocabulary: 'https://schema.org',
      ids: { sku: `BE0${p.cnk}` },
    }),
  };
  return `<!DOCTYPE html><html lang="${lang}-BE"><head><meta charset="utf-8"><title>${name} | Farmaline</title>
<link rel="canonical" href="${esc(farmalineProductPath(p, prefix, lang))}">
<script type="application/ld+json">${scriptJson(jsonLd)}</script></head>
<body>${demoBanner('Farmaline')}<main id="main">
<button data-qa-id="product-image-0" type="button"><picture><img src="${esc(prefix + p.image)}" alt="${name}"></picture></button>
<h1 data-qa-id="product-title">${name}</h1>
<div data-qa-id="product-page-variant-details">${rx}
<div data-qa-id="product-page-variant-details__display-price">${euro(offer.price)}</div>
${p.referencePrice > offer.price ? `<span data-qa-id="product-old-price">${euro(p.referencePrice)}</span>` : ''}
<p data-qa-id="product-status-qa-id">${offer.inStock ? t.inStock : t.outOfStock}</p></div>
<ul><li><dl><dt>${t.code}</dt><dd><span>BE0${p.cnk}</span></dd></dl></li>
<li><dl><dt>CNK</dt><dd>${p.cnk}</dd></dl></li>
<li><dl><dt>${t.brand}</dt><dd><a href="${prefix}/${lang}/search.htm?q=${encodeURIComponent(p.brand)}">${esc(p.brand)}</a></dd></dl></li>
<li><dl><dt>${t.content}</dt><dd>${esc(p.packSize[lang])}</dd></dl></li></ul>
</main></body></html>`;
}
