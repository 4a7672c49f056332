import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_ATTRIBUTE, FIRST_SCREEN_WHOLE_ATTRIBUTE } from '@pharmaradar/shared/first-screen-markup';
import { getDemoCatalogue } from '../../demo/catalogue';
import { useDrawnAndBareServers } from './first-screen.test-support';

// A product page's HTML answers with the status GET /api/products/:slug gives the same product: a
// product the server does not know, or a pack the catalogue excludes, is a 404 with the app's
// not-found page. The renderer stands in for the web build's (first-screen.ssr.test.tsx draws the real
// not-found page in each language): it draws what it was asked.
const FAKE_RENDERER = `export function renderFirstScreen(page) {
  const title = { fr: 'Page introuvable', en: 'Page not found', nl: 'Pagina niet gevonden' }[page.locale];
  return '<h1 class="drawn">' + [page.page, page.locale, page.path].join(' ') + '</h1>' +
    (page.page === 'not-found' ? '<p class="title">' + title + '</p>' : '');
}
`;

const catalogue = getDemoCatalogue();
const known = catalogue.find((p) => !p.prescription)!;
const prescription = catalogue.find((p) => p.prescription)!;

describe('a product page answers with the product API status', () => {
  const servers = useDrawnAndBareServers(FAKE_RENDERER);

  async function get(base: string, path: string) {
    const res = await fetch(`${base}${path}`, { headers: { accept: 'text/html', 'accept-language': 'fr-BE' } });
    const $ = load(await res.text());
    return {
      status: res.status,
      page: $('#root').attr(FIRST_SCREEN_ATTRIBUTE) ?? null,
      // Not whole: the app starts at once and takes the visitor to its /404 address (the journeys').
      whole: $('#root').attr(FIRST_SCREEN_WHOLE_ATTRIBUTE) !== undefined,
      drawn: $('#root h1.drawn').text() || null,
      title: $('#root p.title').text() || null,
      lang: $('html').attr('lang'),
    };
  }
  const api = async (base: string, slug: string) =>
    (await fetch(`${base}/api/products/${slug}/`, { headers: { accept: 'application/json' } })).status;

  it.each([
    ['/no-such-product-0000000', 'fr', 'Page introuvable'],
    ['/fr/no-such-product-0000000', 'fr', 'Page introuvable'],
    ['/nl/no-such-product-0000000/', 'nl', 'Pagina niet gevonden'],
    ['/en/no-such-product-0000000/history', 'en', 'Page not found'],
  ] as const)('an unknown product at %s: 404 with the not-found page in %s', async (path, locale, title) => {
    expect(await api(servers.server.url, 'no-such-product-0000000')).toBe(404);
    expect(await get(servers.server.url, path)).toEqual({
      status: 404,
      page: 'not-found',
      whole: false,
      drawn: `not-found ${locale} ${path}`,
      title,
      lang: locale,
    });
  });

  it('a pack the catalogue excludes (prescription only): 404, as its API', async () => {
    expect(await api(servers.server.url, prescription.slug)).toBe(404);
    for (const path of [`/${prescription.slug}`, `/nl/${prescription.slug}`])
      expect(await get(servers.server.url, path)).toMatchObject({ status: 404, page: 'not-found' });
  });

  it('without a renderer: the bare app with the 404, in the address language', async () => {
    for (const [path, lang] of [
      ['/no-such-product-0000000', 'fr'],
      [`/nl/${prescription.slug}`, 'nl'],
    ] as const)
      expect(await get(servers.bare.url, path)).toEqual({
        status: 404,
        page: null,
        whole: false,
        drawn: null,
        title: null,
        lang,
      });
  });

  it.each([
    ['/404', 'fr', 'Page introuvable'],
    ['/nl/404', 'nl', 'Pagina niet gevonden'],
    ['/en/404/', 'en', 'Page not found'],
  ] as const)('the app’s own not-found address %s: 404 with the not-found page in %s', async (path, locale, title) => {
    expect(await get(servers.server.url, path)).toMatchObject({ status: 404, page: 'not-found', lang: locale, title });
    expect(await get(servers.bare.url, path)).toMatchObject({ status: 404, page: null, lang: locale });
  });

  it('a known product, the app pages, the home page and the shell still answer 200', async () => {
    expect(await api(servers.server.url, known.slug)).toBe(200);
    expect(await get(servers.server.url, `/nl/${known.slug}`)).toMatchObject({ status: 200, page: 'product' });
    expect(await get(servers.bare.url, `/${known.slug}`)).toMatchObject({ status: 200, page: null });
    for (const path of ['/', '/nl', '/en/', '/about', '/nl/pharmacies', '/nl/nego', '/reset-password/1/abc'])
      expect(await get(servers.server.url, path)).toMatchObject({ status: 200 });
    // The shell the service worker precaches and answers every navigation with offline: never a 404.
    expect(await get(servers.server.url, '/index.html')).toMatchObject({ status: 200, page: null });
  });
});
