import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db } from '../../db/db';
import { setApiOrigin } from '../../lib/api/client';
import { formatDateTime } from '../../lib/i18n/format';
import { SEARCH_SEED_ID } from '@pharmaradar/shared/first-screen-markup';
import { renderWithProviders } from '../../test/render';
import HomePage from './home.page';
import { setUpHomePageSuite, waitForComplete } from './home-page.test-support';
import {
  dafalganResult,
  dafalganStream,
  FARMALINE,
  MEDIMARKET,
  MULTIPHARMA,
  retailerAnswer,
  searchStream,
} from '../../features/search/testing/search-fixtures';
import { deferred, json, sse, startTestServer, type Handler } from '../../test/fakes/search-api-server';
import { saveDafalganSearch } from '../../features/search/testing/saved-search-fixtures';
import { setConnection } from '../../test/connection';

const server = setUpHomePageSuite();

/** Intl puts (narrow) no-break spaces in prices; compare with plain spaces. */
const text = (el: Element) => (el.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
const searchRequests = () => server.requests.filter((r) => r.path.startsWith('/api/search'));

/** The search answers with `search`; GET /api/health says whether the server runs on the demo shops. */
function serve(search: Handler, { demo = true }: { demo?: boolean } = {}) {
  server.handle((req, res, url) =>
    url.pathname.startsWith('/api/health')
      ? json(200, { status: 'ok', version: 'test', db: 'ok', demo })(req, res, url)
      : search(req, res, url),
  );
}

function submit(query: string) {
  fireEvent.change(screen.getByTestId('search-input'), { target: { value: query } });
  fireEvent.click(screen.getByTestId('search-submit'));
}

const rows = () =>
  screen
    .getAllByTestId('retailer-status')
    .map((row) => `${row.getAttribute('data-retailer')}:${row.getAttribute('data-status')}`);

describe('home page search (fr)', () => {
  it('searches by name, puts the query in the URL and shows the compared offers with the best price highlighted', async () => {
    serve(sse(dafalganStream()));
    const { router } = renderWithProviders(<HomePage />, { locale: 'fr' });
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    submit('dafalgan');

    await waitForComplete();
    expect(router.state.location.search).toBe('?q=dafalgan');
    expect(searchRequests().map((r) => r.path)).toEqual(['/api/search?q=dafalgan&lang=fr']);
    expect(screen.getByTestId('search-stage').textContent).toBe('Recherche terminée');
    expect(rows()).toEqual(['farmaline:ok', 'medimarket:ok', 'multipharma:ok']);
    expect(screen.getAllByTestId('retailer-status')[1]!.textContent).toContain('1 offre en 1');

    const card = screen.getByTestId('product-card');
    expect(card.getAttribute('data-cnk')).toBe('3720083');
    expect(within(card).getByText('CNK 3720083')).toBeTruthy();
    const offers = within(card).getAllByTestId('offer');
    expect(offers.map((o) => [o.getAttribute('data-retailer'), o.getAttribute('data-best')])).toEqual([
      ['medimarket', 'true'],
      ['multipharma', 'false'],
      ['farmaline', 'false'],
    ]);
    expect(within(offers[0]!).getByText('Meilleur prix')).toBeTruthy();
    expect(text(within(offers[0]!).getByTestId('offer-price'))).toBe('2,95 €');
    expect(text(within(card).getByTestId('best-price'))).toBe('2,95 €');

    const link = within(offers[0]!).getByRole('link');
    expect(link.getAttribute('href')).toBe('https://www.medi-market.be/fr/dafalgan.html');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('aria-label')).toBe("Voir l'offre Medi-Market (nouvel onglet)");

    expect(within(offers[1]!).getByText('lien indisponible')).toBeTruthy();
    expect(within(offers[1]!).queryByRole('link')).toBeNull();
    expect(within(offers[1]!).getByText('Rupture de stock')).toBeTruthy();

    expect(within(card).getByRole('link', { name: 'Fiche produit' }).getAttribute('href')).toBe(
      '/dafalgan-500-mg-30-comprimes-3720083',
    );
    expect(screen.getByTestId('demo-badge').textContent).toContain('Prix de démonstration');
    expect(screen.getByText(/Les prix sont indicatifs/)).toBeTruthy();
    expect(document.title).toContain('dafalgan');
  });

  it('shows the first retailer offers before the others answer, then completes', async () => {
    const gate = deferred();
    serve(sse(dafalganStream({ afterFirst: gate.promise })));
    renderWithProviders(<HomePage />, { locale: 'fr', route: '/?q=dafalgan' });

    await waitFor(() => expect(rows()).toEqual(['farmaline:ok', 'medimarket:waiting', 'multipharma:waiting']));
    expect(screen.getByTestId('search-stage').textContent).toBe('Premiers résultats trouvés');
    const provisional = screen.getAllByTestId('offer');
    expect(provisional.map((o) => o.getAttribute('data-retailer'))).toEqual(['farmaline']);
    expect(screen.getByText("Résultats provisoires : d'autres pharmacies répondent encore.")).toBeTruthy();
    expect(screen.getByTestId('demo-badge').textContent).toContain('Prix de démonstration');

    gate.resolve();
    await waitForComplete();
    expect(rows()).toEqual(['farmaline:ok', 'medimarket:ok', 'multipharma:ok']);
    expect(screen.getAllByTestId('offer')).toHaveLength(3);
  });

  it('shows each progress stage as the server announces it: launching, first results, deep analysis, complete', async () => {
    const [beforeFirst, afterFirst, afterSecond] = [deferred(), deferred(), deferred()];
    serve(
      sse(
        searchStream(
          [
            beforeFirst.promise,
            [retailerAnswer('farmaline', [FARMALINE])],
            afterFirst.promise,
            [retailerAnswer('medimarket', [MEDIMARKET])],
            afterSecond.promise,
            [retailerAnswer('multipharma', [MULTIPHARMA])],
          ],
          dafalganResult(),
        ),
      ),
    );
    // Every text the stage line shows, in order, as the user sees it change.
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      const line = document.querySelector('[data-testid="search-stage"]')?.textContent ?? '';
      if (line && seen.at(-1) !== line) seen.push(line);
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    try {
      renderWithProviders(<HomePage />, { locale: 'fr', route: '/?q=dafalgan' });
      const stageLine = () => screen.getByTestId('search-stage').textContent;
      await waitFor(() => expect(stageLine()).toBe('Lancement du moteur de recherche…'));
      beforeFirst.resolve();
      await waitFor(() => expect(stageLine()).toBe('Premiers résultats trouvés'));
      expect(rows()).toEqual(['farmaline:ok', 'medimarket:waiting', 'multipharma:waiting']);
      afterFirst.resolve();
      await waitFor(() => expect(stageLine()).toBe('Analyse approfondie en cours…'));
      expect(rows()).toEqual(['farmaline:ok', 'medimarket:ok', 'multipharma:waiting']);
      afterSecond.resolve();
      await waitForComplete();
    } finally {
      observer.disconnect();
    }
    expect(seen).toEqual([
      'Lancement du moteur de recherche…',
      'Premiers résultats trouvés',
      'Analyse approfondie en cours…',
      'Recherche terminée',
    ]);
  });

  it('shows the demo badge from the first event, before any retailer answers', async () => {
    const gate = deferred();
    serve(sse(searchStream([gate.promise, [retailerAnswer('farmaline', [FARMALINE])]], dafalganResult())));
    renderWithProviders(<HomePage />, { locale: 'fr', route: '/?q=dafalgan' });
    const badge = await screen.findByTestId('demo-badge');
    expect(badge.textContent).toContain('Prix de démonstration');
    expect(rows()).toEqual(['farmaline:waiting', 'medimarket:waiting', 'multipharma:waiting']);
    expect(screen.queryByTestId('offer')).toBeNull();
    gate.resolve();
    await waitForComplete();
    expect(screen.getByTestId('demo-badge')).toBeTruthy();
  });

  it('never shows the demo badge for real shops', async () => {
    const gate = deferred();
    serve(
      sse(searchStream([[retailerAnswer('farmaline', [FARMALINE])], gate.promise], dafalganResult({ demo: false }))),
      {
        demo: false,
      },
    );
    renderWithProviders(<HomePage />, { locale: 'fr', route: '/?q=dafalgan' });
    await waitFor(() => expect(rows()).toEqual(['farmaline:ok', 'medimarket:waiting', 'multipharma:waiting']));
    expect(screen.queryByTestId('demo-badge')).toBeNull();
    gate.resolve();
    await waitForComplete();
    expect(screen.queryByTestId('demo-badge')).toBeNull();
  });

  it('runs a popular chip (a CNK) as a search', async () => {
    serve(sse(dafalganStream()));
    const { router } = renderWithProviders(<HomePage />, { locale: 'fr' });
    const chips = screen.getAllByTestId('chip');
    expect(chips.map((c) => c.textContent)).toEqual([
      'dafalgan',
      'ibuprofène',
      'magnésium',
      'vitamine C',
      'la roche-posay',
      '3720083',
    ]);
    fireEvent.click(chips[5]!);
    await waitForComplete();
    expect(router.state.location.search).toBe('?q=3720083');
    expect(searchRequests().at(-1)!.path).toBe('/api/search?q=3720083&lang=fr');
  });

  it('searches what finds the product behind a French chip label', async () => {
    serve(sse(dafalganStream()));
    const { router } = renderWithProviders(<HomePage />, { locale: 'fr' });
    fireEvent.click(screen.getByRole('button', { name: 'ibuprofène' }));
    await waitForComplete();
    expect(router.state.location.search).toBe('?q=ibuprofen');
    fireEvent.click(screen.getByRole('button', { name: 'magnésium' }));
    await waitFor(() => expect(searchRequests().at(-1)!.path).toBe('/api/search?q=magn%C3%A9sium&lang=fr'));
    await waitForComplete();
  });

  it.each([
    ['en', '/en', ['ibuprofen', 'magnesium', 'vitamin C']],
    ['nl', '/nl', ['ibuprofen', 'magnesium', 'vitamine C']],
  ] as const)('labels the popular chips in %s', (locale, route, labels) => {
    renderWithProviders(<HomePage />, { locale, route });
    expect(screen.getAllByTestId('chip').map((c) => c.textContent)).toEqual([
      'dafalgan',
      ...labels,
      'la roche-posay',
      '3720083',
    ]);
  });

  it('refuses an empty search with a clear message and sends nothing', async () => {
    renderWithProviders(<HomePage />, { locale: 'fr' });
    submit('   ');
    expect(screen.getByTestId('search-validation').textContent).toBe('Saisissez un nom de produit ou un CNK.');
    expect(screen.getByTestId('search-input').getAttribute('aria-invalid')).toBe('true');
    expect(searchRequests()).toHaveLength(0);
  });

  it('shows the error and a retry button when every retailer fails, and retrying can succeed', async () => {
    const failed = dafalganResult({
      products: [],
      retailers: [
        { id: 'farmaline', status: 'error', ms: 20 },
        { id: 'medimarket', status: 'timeout', ms: 8000 },
        { id: 'multipharma', status: 'blocked', ms: 15 },
      ],
    });
    serve(
      sse(
        searchStream(
          [
            [retailerAnswer('farmaline', [], { status: 'error' })],
            [retailerAnswer('medimarket', [], { status: 'timeout' })],
            [retailerAnswer('multipharma', [], { status: 'blocked' })],
          ],
          failed,
        ),
      ),
    );
    renderWithProviders(<HomePage />, { locale: 'fr', route: '/?q=dafalgan' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Impossible de récupérer les résultats. Veuillez réessayer dans quelques instants.',
    );
    expect(rows()).toEqual(['farmaline:error', 'medimarket:timeout', 'multipharma:blocked']);
    expect(screen.queryByTestId('no-results')).toBeNull();
    expect(await db.searches.count()).toBe(0);

    serve(sse(dafalganStream()));
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    await waitForComplete();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('product-card')).toBeTruthy();
  });

  it('keeps the other retailers when one fails', async () => {
    serve(
      sse(
        searchStream(
          [
            [retailerAnswer('farmaline', [FARMALINE])],
            [retailerAnswer('multipharma', [], { status: 'error', error: 'error' })],
            [retailerAnswer('medimarket', [], { status: 'empty' })],
          ],
          dafalganResult({
            products: [dafalganResult().products[0]!],
            retailers: [
              { id: 'farmaline', status: 'ok', ms: 350 },
              { id: 'medimarket', status: 'empty', ms: 900 },
              { id: 'multipharma', status: 'error', ms: 20 },
            ],
          }),
        ),
      ),
    );
    renderWithProviders(<HomePage />, { locale: 'fr', route: '/?q=dafalgan' });
    await waitForComplete();
    expect(rows()).toEqual(['farmaline:ok', 'medimarket:empty', 'multipharma:error']);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(/Certaines pharmacies n'ont pas pu être consultées/)).toBeTruthy();
  });

  it('shows the error when the server answers 500', async () => {
    serve(json(500, { code: 'internal', detail: 'Erreur interne.' }));
    renderWithProviders(<HomePage />, { locale: 'fr', route: '/?q=dafalgan' });
    expect((await screen.findByRole('alert')).textContent).toContain('Impossible de récupérer les résultats.');
  });

  it('adds the server explanation when the search is rate limited', async () => {
    serve(json(429, { code: 'rate_limited', detail: 'Trop de recherches. Réessayez dans une minute.' }));
    renderWithProviders(<HomePage />, { locale: 'fr', route: '/?q=dafalgan' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Impossible de récupérer les résultats.');
    expect(alert.textContent).toContain('Trop de recherches. Réessayez dans une minute.');
  });

  it('saves the final result in IndexedDB under the normalised query', async () => {
    serve(sse(dafalganStream()));
    renderWithProviders(<HomePage />, { locale: 'fr', route: '/?q=Dafalgan%20' });
    await waitForComplete();
    await waitFor(async () => expect(await db.searches.get('fr|name:dafalgan')).toBeTruthy());
    const saved = await db.searches.get('fr|name:dafalgan');
    expect(saved).toMatchObject({ kind: 'name', label: 'Dafalgan', fetchedAt: '2026-03-14T09:30:00.000Z' });
  });

  it('saves a search the drawn page made before the app ran (its seed, ADR 167) without asking again', async () => {
    // The offline journey reloads on this copy: the page that takes the search over saves it itself.
    await db.searches.clear(); // an earlier test saved this search live
    serve(sse(dafalganStream()));
    const seed = document.createElement('script');
    seed.type = 'application/json';
    seed.id = SEARCH_SEED_ID;
    seed.textContent = JSON.stringify(dafalganResult());
    document.body.append(seed);
    renderWithProviders(<HomePage />, { locale: 'fr', route: '/?q=dafalgan' });
    await waitFor(async () => expect(await db.searches.get('fr|name:dafalgan')).toBeTruthy());
    expect(await db.searches.get('fr|name:dafalgan')).toMatchObject({ kind: 'name', label: 'dafalgan' });
    expect(searchRequests()).toEqual([]);
  });
});

describe('home page offline', () => {
  it('shows the saved result with its date and an offline notice, without calling the server (fr)', async () => {
    await saveDafalganSearch('fr', 'name', 'dafalgan');
    setConnection(false);
    renderWithProviders(<HomePage />, { locale: 'fr', route: '/?q=dafalgan' });
    const notice = await screen.findByTestId('cached-notice');
    expect(notice.textContent).toContain('Vous êtes hors ligne');
    expect(notice.textContent).toContain(
      `Résultats enregistrés le ${formatDateTime('2026-03-14T09:30:00.000Z', 'fr')}`,
    );
    expect(screen.getAllByTestId('offer')).toHaveLength(3);
    expect(searchRequests()).toHaveLength(0);
  });

  it('says when nothing is saved for the search and lists the saved ones (nl)', async () => {
    await saveDafalganSearch('nl', 'name', 'ibuprofen', { query: 'ibuprofen' });
    setConnection(false);
    renderWithProviders(<HomePage />, { locale: 'nl', route: '/nl?q=magnesium' });
    const notice = await screen.findByTestId('cached-notice');
    expect(notice.textContent).toContain('U bent offline');
    expect(notice.textContent).toContain('Geen opgeslagen resultaten voor deze zoekopdracht.');
    const recent = await screen.findByTestId('recent-searches');
    expect(
      within(recent)
        .getByRole('link', { name: /ibuprofen/ })
        .getAttribute('href'),
    ).toBe('/nl?q=ibuprofen');
    expect(screen.queryByTestId('product-card')).toBeNull();
  });

  it('does not show a Dutch user a search saved in French (nl)', async () => {
    await saveDafalganSearch('fr', 'name', 'dafalgan');
    setConnection(false);
    renderWithProviders(<HomePage />, { locale: 'nl', route: '/nl?q=dafalgan' });
    const notice = await screen.findByTestId('cached-notice');
    expect(notice.textContent).toContain('Geen opgeslagen resultaten voor deze zoekopdracht.');
    const recent = await screen.findByTestId('recent-searches');
    expect(within(recent).queryByRole('link')).toBeNull();
    expect(screen.queryByTestId('product-card')).toBeNull();
  });

  it('falls back to the saved result when the server cannot be reached while online (en)', async () => {
    await saveDafalganSearch('en', 'cnk', '3720083');
    const gone = await startTestServer();
    await gone.close();
    setApiOrigin(gone.url);
    try {
      renderWithProviders(<HomePage />, { locale: 'en', route: '/en?q=372%200083' });
      const notice = await screen.findByTestId('cached-notice');
      expect(notice.textContent).toContain('The server is not answering');
      expect(notice.textContent).toContain(`Saved results from ${formatDateTime('2026-03-14T09:30:00.000Z', 'en')}`);
      expect(screen.getByRole('button', { name: 'Refresh prices' })).toBeTruthy();
      expect(screen.getByTestId('product-card').getAttribute('data-cnk')).toBe('3720083');
    } finally {
      setApiOrigin(server.url);
    }
  });
});

describe('home page in Dutch', () => {
  it('translates the validation message, the offers and the link-unavailable text', async () => {
    serve(sse(dafalganStream()));
    renderWithProviders(<HomePage />, { locale: 'nl', route: '/nl' });
    submit('');
    expect(screen.getByTestId('search-validation').textContent).toBe('Voer een productnaam of CNK in.');
    submit('dafalgan');
    await waitForComplete();
    expect(searchRequests().at(-1)!.path).toBe('/api/search?q=dafalgan&lang=nl');
    expect(screen.getByTestId('search-stage').textContent).toBe('Zoekopdracht voltooid');
    const offers = screen.getAllByTestId('offer');
    expect(within(offers[0]!).getByText('Beste prijs')).toBeTruthy();
    expect(text(within(offers[0]!).getByTestId('offer-price'))).toBe('€ 2,95');
    expect(within(offers[1]!).getByText('link niet beschikbaar')).toBeTruthy();
    expect(within(offers[1]!).getByText('Niet op voorraad')).toBeTruthy();
    expect(screen.getByTestId('demo-badge').textContent).toContain('Demoprijzen');
  });

  it('shows "no results" with its hints', async () => {
    serve(
      sse(
        searchStream(
          [[retailerAnswer('farmaline', [])], [retailerAnswer('medimarket', []), retailerAnswer('multipharma', [])]],
          dafalganResult({
            query: 'xyzzy',
            products: [],
            retailers: ['farmaline', 'medimarket', 'multipharma'].map((id) => ({
              id,
              status: 'empty' as const,
              ms: 100,
            })),
          }),
        ),
      ),
    );
    renderWithProviders(<HomePage />, { locale: 'nl', route: '/nl?q=xyzzy' });
    const empty = await screen.findByTestId('no-results');
    expect(empty.textContent).toContain('Geen resultaten');
    expect(empty.textContent).toContain('Controleer de spelling.');
    expect(empty.textContent).toContain('Probeer een variant');
    expect(empty.textContent).toContain('CNK-code van 7 cijfers');
    expect(empty.textContent).toContain('Geneesmiddelen op voorschrift worden niet getoond.');
    expect(screen.queryByRole('alert')).toBeNull();
    // Known from the first event: even with nothing found, the page says these are demo shops.
    expect(screen.getByTestId('demo-badge').textContent).toContain('Demoprijzen');
  });

  it('shows the error message in Dutch when the search fails', async () => {
    serve(json(502, { code: 'bad_gateway', detail: 'x' }));
    renderWithProviders(<HomePage />, { locale: 'nl', route: '/nl?q=dafalgan' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Kan de resultaten niet ophalen. Probeer het zo dadelijk opnieuw.');
    expect(within(alert).getByRole('button', { name: 'Opnieuw proberen' })).toBeTruthy();
  });
});

describe('home page sections', () => {
  it('has the FAQ, the Pro promo at 30 € a month VAT included linking to the plans, and the ad slot for a visitor', () => {
    renderWithProviders(<HomePage />, { locale: 'en', route: '/en' });
    expect(screen.getAllByTestId('faq-item')).toHaveLength(6);
    const promo = screen.getByTestId('pro-promo');
    expect(promo.querySelector('.pro-promo__price')?.textContent).toBe('€30 / month incl. VAT, no commitment');
    expect(within(promo).getByRole('link', { name: 'Discover Espace Pro' }).getAttribute('href')).toBe('/en/pro');
    expect(screen.getByTestId('ad-slot')).toBeTruthy();
    expect(screen.getByText('online pharmacies compared')).toBeTruthy();
  });

  const figures = () =>
    screen.getAllByRole('definition').map((dd) => `${dd.previousElementSibling?.textContent}: ${dd.textContent}`);

  it('counts the demo catalogue in the banner figures when the server runs on the demo shops', async () => {
    serve(json(404, {}), { demo: true });
    renderWithProviders(<HomePage />, { locale: 'fr' });
    await waitFor(() => expect(figures()).toContain('produits dans le catalogue de démonstration: 150+'));
    expect(server.requests.map((r) => r.path)).toContain('/api/health/');
  });

  it('leaves the demo catalogue figure out when the server compares the real shops', async () => {
    serve(json(404, {}), { demo: false });
    renderWithProviders(<HomePage />, { locale: 'en', route: '/en' });
    await waitFor(() => expect(server.requests.some((r) => r.path === '/api/health/')).toBe(true));
    await waitFor(() => expect(figures()).toHaveLength(3));
    expect(figures()).toEqual([
      'online pharmacies compared: 3',
      'languages: français, English, Nederlands: 3',
      'Prices fetched live: Live',
    ]);
    expect(screen.queryByText(/demo catalogue/)).toBeNull();
  });

  it('takes over a search the drawn page made before the app ran, without asking again (ADR 167)', async () => {
    serve(sse(dafalganStream()));
    const result = dafalganResult();
    const seed = Object.assign(document.createElement('script'), {
      type: 'application/json',
      id: 'first-screen-search',
    });
    seed.textContent = JSON.stringify(result);
    document.body.append(seed);
    server.requests.length = 0;
    renderWithProviders(<HomePage />, { locale: 'fr', route: `/?q=${result.query}` });
    await waitForComplete();
    expect(screen.getAllByTestId('offer').length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(searchRequests()).toEqual([]);
    expect(document.getElementById('first-screen-search')).toBeNull(); // read once
  });
});
