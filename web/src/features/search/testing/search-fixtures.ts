import type { SearchOffer, SearchProduct, SearchResult, SearchRetailerEvent } from '@pharmaradar/shared/search.schema';
import type { ScriptStep } from './sse-test-server';

export function offer(overrides: Partial<SearchOffer> = {}): SearchOffer {
  return {
    retailer: 'farmaline',
    name: 'Dafalgan 500 mg 30 comprimés',
    price: 3.49,
    currency: 'EUR',
    url: 'https://www.farmaline.be/fr/dafalgan-500mg.html',
    best: false,
    brand: 'Dafalgan',
    cnk: '3720083',
    searchedCode: null,
    image: null,
    inStock: true,
    ...overrides,
  };
}

export function product(offers: SearchOffer[], overrides: Partial<SearchProduct> = {}): SearchProduct {
  return {
    cnk: offers[0]?.cnk ?? null,
    name: offers[0]?.name ?? 'Produit',
    brand: offers[0]?.brand ?? null,
    image: null,
    slug: 'dafalgan-500-mg-30-comprimes-3720083',
    offers,
    ...overrides,
  };
}

export const FARMALINE = offer({
  retailer: 'farmaline',
  price: 3.49,
  url: 'https://www.farmaline.be/fr/dafalgan.html',
});
export const MEDIMARKET = offer({
  retailer: 'medimarket',
  price: 2.95,
  url: 'https://www.medi-market.be/fr/dafalgan.html',
});
export const MULTIPHARMA = offer({ retailer: 'multipharma', price: 3.2, url: null, inStock: false });

/** The final answer for "dafalgan": the three offers above grouped into one product, Medi-Market best. */
export function dafalganResult(overrides: Partial<SearchResult> = {}): SearchResult {
  return {
    query: 'dafalgan',
    kind: 'name',
    products: [
      product([
        { ...MEDIMARKET, best: true },
        { ...MULTIPHARMA, best: false },
        { ...FARMALINE, best: false },
      ]),
    ],
    retailers: [
      { id: 'farmaline', status: 'ok', ms: 350 },
      { id: 'medimarket', status: 'ok', ms: 1100 },
      { id: 'multipharma', status: 'ok', ms: 2000 },
    ],
    fetchedAt: '2026-03-14T09:30:00.000Z',
    cached: false,
    demo: true,
    ...overrides,
  };
}

export function retailerEvent(
  retailer: string,
  offers: SearchOffer[],
  overrides: Partial<SearchRetailerEvent> = {},
): ScriptStep {
  return {
    event: 'retailer',
    data: { retailer, status: offers.length ? 'ok' : 'empty', ms: 350, offers, ...overrides },
  };
}

export const stage = (name: string): ScriptStep => ({ event: 'stage', data: { stage: name } });

/** The whole happy stream, retailers answering one after another. */
export function dafalganStream(gates: { afterFirst?: Promise<unknown> } = {}): ScriptStep[] {
  return [
    stage('launching'),
    retailerEvent('farmaline', [FARMALINE], { ms: 350 }),
    stage('first_results'),
    ...(gates.afterFirst ? [gates.afterFirst] : []),
    retailerEvent('medimarket', [MEDIMARKET], { ms: 1100 }),
    stage('deep_analysis'),
    retailerEvent('multipharma', [MULTIPHARMA], { ms: 2000 }),
    stage('complete'),
    { event: 'result', data: dafalganResult() },
  ];
}
