import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import { LANDING_SEED_ID, PRICES_SEED_ID } from '@pharmaradar/shared/first-screen-markup';
import { type ProductPricesSeed } from '@pharmaradar/shared/first-screen.schema';
import { productLanding, type ProductLandingResponse } from '@pharmaradar/shared/product-landing';
import { loadSearchResult } from '../../db/search-cache';
import { loadHistory } from '../../features/price-history/history-cache';
import { setApiOrigin } from '../../lib/api/client';
import { formatDateTime } from '../../lib/i18n/format';
import { serveSearchApi } from '../../test/fakes/serve-search-api';
import { renderWithProviders } from '../../test/render';
import {
  dafalganResult,
  dafalganStream,
  FARMALINE,
  offer,
  product,
  retailerAnswer,
  searchStream,
} from '../../features/search/testing/search-fixtures';
import { json, sse, startTestServer, type Handler } from '../../test/fakes/search-api-server';
import ProductPage from './product.page';
import type { PriceHistoryResponse } from '@pharmaradar/shared/price-history.schema';
import { saveDafalganSearch } from '../../features/search/testing/saved-search-fixtures';

const SLUG = 'dafalgan-500-mg-30-comprimes-3720083';
const PRODUCT = { name: 'Dafalgan 500 mg 30 comprimés', brand: 'Dafalgan', cnk: '3720083' };
const LANDING: ProductLandingResponse = { slug: SLUG, ...PRODUCT, image: null, landing: productLanding(PRODUCT) };

const HISTORY: PriceHistoryResponse = {
  cnk: '3720083',
  currency: 'EUR',
  today: '2026-03-14',
  demo: false,
  retailers: [
    {
      retailer: 'farmaline',
      points: [
        { day: '2026-03-13', price: 5.2, low: 5.2, inStock: true, wasPrice: null },
        { day: '2026-03-14', price: 4.99, low: 4.99, inStock: true, wasPrice: null },
      ],
      low30: 4.99,
      current: { day: '2026-03-14', price: 4.99, low: 4.99, inStock: true, wasPrice: null },
      priorPrice: null,
    },
  ],
  low30: 4.99,
  bestPrice: 4.99,
  bestIsLow30: true,
};

// No official group by default: the same-medicine section stays hidden (same-medicine.test.tsx shows it).
function routes(
  products: Handler,
  search: Handler = sse(dafalganStream()),
  equivalents: Handler = json(404, { code: 'not_found', detail: 'Introuvable.' }),
): Handler {
  return (req, res, url) => {
    if (url.pathname.startsWith('/api/search')) return search(req, res, url);
    if (url.pathname.endsWith('/history/')) return json(200, HISTORY)(req, res, url);
    if (url.pathname.endsWith('/equivalents/')) return equivalents(req, res, url);
    return products(req, res, url);
  };
}

const server = serveSearchApi();
afterEach(() => vi.restoreAllMocks());

const renderAt = (route: string, locale: 'fr' | 'en' | 'nl') =>
  renderWithProviders(<ProductPage />, {
    locale,
    route,
    path: locale === 'fr' ? '/:slug/*' : `/${locale}/:slug/*`,
    routes: [
      { path: '/404', element: <h1>not found fr</h1> },
      { path: '/nl/404', element: <h1>not found nl</h1> },
    ],
  });

// The search machinery and the saved-searches list are lazy chunks in the app; here they are
// loaded once up front so the first test does not pay the module transform inside its timeouts.
beforeAll(async () => {
  await Promise.all([import('../../features/search/run-search'), import('../../features/search/recent-searches')]);
});

describe('product landing page', () => {
  it('shows the landing texts in French, sets the title and runs the live price search by CNK', async () => {
    server.handle(routes(json(200, LANDING)));
    renderAt(`/${SLUG}`, 'fr');
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe(LANDING.landing.fr.heading);
    // The title is set in an effect, which may run just after the heading shows.
    await waitFor(() => expect(document.title).toBe(LANDING.landing.fr.title));
    expect(screen.getByText(LANDING.landing.fr.intro)).toBeTruthy();
    const faq = screen.getAllByTestId('product-faq-item');
    expect(faq.map((item) => item.querySelector('summary')?.textContent)).toEqual(
      LANDING.landing.fr.faq.map((f) => f.q),
    );

    await waitFor(() => expect(screen.getByTestId('search-stage').getAttribute('data-stage')).toBe('complete'));
    const paths = server.requests.map((r) => r.path);
    expect(paths.filter((p) => !p.includes('/history/') && !p.includes('/equivalents/'))).toEqual([
      `/api/products/${SLUG}/`,
      '/api/search?q=3720083&lang=fr',
    ]);
    // The same medicine in other packs is asked for once, in the page's language; none here, so hidden.
    await waitFor(() =>
      expect(server.requests.map((r) => r.path).filter((p) => p.includes('/equivalents/'))).toEqual([
        '/api/products/3720083/equivalents/?lang=fr',
      ]),
    );
    expect(screen.queryByTestId('same-medicine')).toBeNull();
    // The history is asked for with the page, and again once the search has recorded today's prices.
    await waitFor(() =>
      expect(server.requests.filter((r) => r.path.startsWith('/api/products/3720083/history/'))).toHaveLength(2),
    );
    const history = await screen.findByTestId('price-history');
    expect(within(history).getByTestId('history-low30').textContent).toContain('4,99');
    expect(within(history).getByTestId('history-low30-badge').textContent).toBe('Prix le plus bas depuis 30 jours');
    const card = screen.getByTestId('product-card');
    expect(within(card).queryByRole('link', { name: 'Fiche produit' })).toBeNull();
    expect(within(card).getAllByTestId('offer')[0]!.getAttribute('data-best')).toBe('true');
  });

  it('starts on the product the server drew the page with: no spinner, no second request for it', async () => {
    server.handle(routes(json(200, LANDING)));
    const seed = Object.assign(document.createElement('script'), {
      type: 'application/json',
      id: LANDING_SEED_ID,
      textContent: JSON.stringify(LANDING),
    });
    document.body.append(seed);
    renderAt(`/en/${SLUG}`, 'en');
    // Drawn at once, in the first render.
    expect(screen.queryByTestId('product-loading')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(LANDING.landing.en.heading);
    expect(document.getElementById(LANDING_SEED_ID)).toBeNull(); // read once
    await waitFor(() => expect(screen.getByTestId('search-stage').getAttribute('data-stage')).toBe('complete'));
    expect(
      server.requests
        .map((r) => r.path)
        .filter((p) => p.startsWith('/api/products/') && !p.includes('/history/') && !p.includes('/equivalents/')),
    ).toEqual([]);
  });

  /** The page as the server draws it with its cached prices and history (ADR 121). */
  function embedDrawnPage(prices: ProductPricesSeed) {
    for (const [id, value] of [
      [LANDING_SEED_ID, LANDING],
      [PRICES_SEED_ID, prices],
    ] as const)
      document.body.append(
        Object.assign(document.createElement('script'), {
          type: 'application/json',
          id,
          textContent: JSON.stringify(value),
        }),
      );
  }
  const inAMinute = () => new Date(Date.now() + 60_000).toISOString();
  const productRequests = () =>
    server.requests.map((r) => r.path).filter((p) => p.startsWith('/api/search') || p.includes('/history/'));

  it('starts on the prices and history the page was drawn with: no search, no history request, kept offline', async () => {
    // Asked again, the search and the history would fail: the drawn ones must stay.
    const asked: string[] = [];
    server.handle((req, res, url) => {
      asked.push(url.pathname);
      return json(500, { code: 'server_error' })(req, res, url);
    });
    const result = dafalganResult({ query: PRODUCT.cnk, kind: 'cnk' });
    embedDrawnPage({ cnk: PRODUCT.cnk, search: { result, freshUntil: inAMinute() }, history: HISTORY });
    renderAt(`/en/${SLUG}`, 'en');
    // In the first render, as drawn: the finished search, its offers and the history.
    expect(screen.getByTestId('search-stage').getAttribute('data-stage')).toBe('complete');
    expect(screen.getAllByTestId('offer').length).toBe(result.products[0]!.offers.length);
    expect(screen.getAllByTestId('history-retailer').length).toBe(1);
    expect(document.getElementById(PRICES_SEED_ID)).toBeNull(); // read once
    // Kept for offline use as a searched answer would be.
    await waitFor(async () =>
      expect((await loadSearchResult(`cnk:${PRODUCT.cnk}`, 'en'))?.result.query).toBe(PRODUCT.cnk),
    );
    expect(loadHistory(PRODUCT.cnk)?.history.today).toBe(HISTORY.today);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(asked.filter((p) => p.startsWith('/api/search') || p === `/api/products/${PRODUCT.cnk}/history/`)).toEqual(
      [],
    );
    expect(screen.getAllByTestId('offer').length).toBe(result.products[0]!.offers.length);
    expect(screen.getAllByTestId('history-retailer').length).toBe(1);
    expect(screen.queryByTestId('history-error')).toBeNull();
  });

  it.each([
    ['fr', 'Prix des pharmacies en ligne', 'Prix relevés le'],
    ['nl', 'Prijzen van de online apotheken', 'Prijzen opgevraagd op'],
  ] as const)(
    '%s: prices read hours ago (the market store) are not called live, and say when they were read',
    async (locale, title, readAt) => {
      server.handle(routes(json(200, LANDING)));
      const tenHoursAgo = new Date(Date.now() - 10 * 3_600_000).toISOString();
      const result = { ...dafalganResult({ query: PRODUCT.cnk, kind: 'cnk' }), fetchedAt: tenHoursAgo };
      embedDrawnPage({ cnk: PRODUCT.cnk, search: { result, freshUntil: inAMinute() }, history: HISTORY });
      renderAt(locale === 'fr' ? `/${SLUG}` : `/nl/${SLUG}`, locale);
      const prices = screen.getByRole('region', { name: title });
      // Nothing in the block says the shops are being asked now: these prices were read ten hours ago.
      expect(prices.textContent).not.toMatch(/maintenant|nu geraadpleegd|en direct|live/i);
      expect(prices.textContent).toContain(`${readAt} ${formatDateTime(tenHoursAgo, locale)}`);
    },
  );

  it('prices drawn longer ago than the cache keeps them are searched again; the drawn history stays', async () => {
    server.handle(routes(json(200, LANDING)));
    const result = dafalganResult({ query: PRODUCT.cnk, kind: 'cnk' });
    const past = new Date(Date.now() - 1_000).toISOString();
    embedDrawnPage({ cnk: PRODUCT.cnk, search: { result, freshUntil: past }, history: HISTORY });
    renderAt(`/en/${SLUG}`, 'en');
    expect(screen.getAllByTestId('history-retailer').length).toBe(1);
    await waitFor(() => expect(productRequests().some((p) => p.startsWith('/api/search'))).toBe(true));
    await waitFor(() => expect(screen.getByTestId('search-stage').getAttribute('data-stage')).toBe('complete'));
  });

  it('a page drawn without prices (none cached) searches at once, showing the drawn history meanwhile', async () => {
    server.handle(routes(json(200, LANDING)));
    embedDrawnPage({ cnk: PRODUCT.cnk, search: null, history: HISTORY });
    renderAt(`/${SLUG}`, 'fr');
    expect(screen.getAllByTestId('history-retailer').length).toBe(1);
    expect(screen.queryByTestId('history-loading')).toBeNull();
    await waitFor(() => expect(productRequests().some((p) => p.startsWith('/api/search'))).toBe(true));
    await waitFor(() => expect(screen.getByTestId('search-stage').getAttribute('data-stage')).toBe('complete'));
  });

  it('a product JSON for another page is not used for this one', async () => {
    server.handle(routes(json(200, LANDING)));
    const other = { ...LANDING, slug: 'other-product-1234567', landing: productLanding({ ...PRODUCT, name: 'Other' }) };
    document.body.append(
      Object.assign(document.createElement('script'), {
        type: 'application/json',
        id: LANDING_SEED_ID,
        textContent: JSON.stringify(other),
      }),
    );
    renderAt(`/${SLUG}`, 'fr');
    expect(screen.getByTestId('product-loading')).toBeTruthy();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(LANDING.landing.fr.heading);
    expect(server.requests.map((r) => r.path)).toContain(`/api/products/${SLUG}/`);
  });

  it('uses the texts of the current language (nl)', async () => {
    server.handle(routes(json(200, LANDING)));
    renderAt(`/nl/${SLUG}`, 'nl');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(LANDING.landing.nl.heading);
    expect(document.title).toBe(LANDING.landing.nl.title);
    expect(screen.getByText('Prijzen van de online apotheken')).toBeTruthy();
  });

  it('says "No offers available" when no retailer sells the product (fr)', async () => {
    const nobody = dafalganResult({
      query: '3720083',
      kind: 'cnk',
      products: [],
      retailers: ['farmaline', 'medimarket', 'multipharma'].map((id) => ({ id, status: 'empty' as const, ms: 90 })),
    });
    const answers = nobody.retailers.map((r) => [retailerAnswer(r.id, [])]);
    server.handle(routes(json(200, LANDING), sse(searchStream(answers, nobody))));
    renderAt(`/${SLUG}`, 'fr');
    const notice = await screen.findByTestId('no-offers');
    expect(notice.textContent).toContain('Aucune offre disponible');
    expect(notice.textContent).toContain('Aucune des pharmacies en ligne interrogées ne propose ce produit');
    expect(screen.queryByTestId('no-results')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('search-stage').getAttribute('data-stage')).toBe('complete');
  });

  it('says "No offers available" when the CNK search only finds other products (en)', async () => {
    const other = offer({ cnk: '1234567', name: 'Dafalgan Forte 1 g 40 tablets', price: 7.1 });
    const elsewhere = dafalganResult({
      query: '3720083',
      kind: 'cnk',
      products: [product([{ ...other, best: true }], { slug: null })],
      retailers: [
        { id: 'farmaline', status: 'ok', ms: 90 },
        { id: 'medimarket', status: 'empty', ms: 90 },
        { id: 'multipharma', status: 'empty', ms: 90 },
      ],
    });
    const answers = [
      [retailerAnswer('farmaline', [other])],
      [retailerAnswer('medimarket', []), retailerAnswer('multipharma', [])],
    ];
    server.handle(routes(json(200, LANDING), sse(searchStream(answers, elsewhere))));
    renderAt(`/en/${SLUG}`, 'en');
    expect((await screen.findByTestId('no-offers')).textContent).toContain('No offers available');
    expect(screen.queryByTestId('no-results')).toBeNull();
  });

  it("shows the official name and pack beside the shops' titles (nl)", async () => {
    const official = {
      name: 'Dafalgan 500 mg',
      pack: 'Dafalgan 500 mg tabl. 30',
      gtin: '5400000000010',
      atc: 'N02BE01',
      prescription: false,
      status: 'AUTHORIZED',
      marketed: false,
      vmp: { code: '16378', name: 'Paracetamol 500 mg tabl.' },
    };
    const base = dafalganResult({ query: PRODUCT.cnk, kind: 'cnk' });
    const known = { ...base, products: [{ ...base.products[0]!, official }] };
    const answers = [[retailerAnswer('farmaline', [FARMALINE])]];
    server.handle(routes(json(200, LANDING), sse(searchStream(answers, known))));
    renderAt(`/nl/${SLUG}`, 'nl');
    const facts = await screen.findByTestId('official-pack');
    expect(within(facts).getByRole('heading').textContent).toBe('Officiële gegevens');
    expect(within(facts).getByTestId('official-name').textContent).toBe('Dafalgan 500 mg');
    expect(within(facts).getByTestId('official-pack-text').textContent).toBe('Dafalgan 500 mg tabl. 30');
    expect(facts.textContent).toContain('Niet meer in de handel');
    // The shops' own titles stay beside it.
    expect(screen.getAllByTestId('offer').length).toBe(known.products[0]!.offers.length);
  });

  it('shows no official data when the catalogue does not know the code', async () => {
    const base = dafalganResult({ query: PRODUCT.cnk, kind: 'cnk' });
    const unknown = { ...base, products: [{ ...base.products[0]!, official: null }] };
    server.handle(routes(json(200, LANDING), sse(searchStream([[retailerAnswer('farmaline', [FARMALINE])]], unknown))));
    renderAt(`/${SLUG}`, 'fr');
    await waitFor(() => expect(screen.getByTestId('search-stage').getAttribute('data-stage')).toBe('complete'));
    expect(screen.queryByTestId('official-pack')).toBeNull();
  });

  it('sends an unknown product to the localized 404 page', async () => {
    server.handle(routes(json(404, { code: 'not_found', detail: 'Niet gevonden.' })));
    const { router } = renderAt('/nl/geen-product-1234567', 'nl');
    await waitFor(() => expect(router.state.location.pathname).toBe('/nl/404'));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('not found nl');
  });

  it('shows an error with a retry button when the server fails', async () => {
    server.handle(routes(json(500, { code: 'internal', detail: 'x' })));
    renderAt(`/en/${SLUG}`, 'en');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Unable to load this product. Please try again shortly.');
    server.handle(routes(json(200, LANDING)));
    within(alert).getByRole('button', { name: 'Try again' }).click();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(LANDING.landing.en.heading);
  });

  it('offline, shows the product from a saved search and its saved prices', async () => {
    await saveDafalganSearch('fr', 'cnk', '3720083');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const gone = await startTestServer();
    await gone.close();
    setApiOrigin(gone.url);
    try {
      renderAt(`/${SLUG}`, 'fr');
      expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Dafalgan 500 mg 30 comprimés');
      expect(screen.getByTestId('product-offline').textContent).toContain('Vous êtes hors ligne');
      const notice = await screen.findByTestId('cached-notice');
      expect(notice.textContent).toContain(
        `Résultats enregistrés le ${formatDateTime('2026-03-14T09:30:00.000Z', 'fr')}`,
      );
      expect(screen.getAllByTestId('offer')).toHaveLength(3);
    } finally {
      setApiOrigin(server.url);
    }
  });
});
