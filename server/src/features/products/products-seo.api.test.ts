import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceHistoryResponseSchema } from '@pharmaradar/shared/price-history.schema';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { getDemoCatalogue } from '../../demo/catalogue';

const product = getDemoCatalogue().find((p) => !p.prescription && p.name.fr !== p.name.nl)!;
const prescription = getDemoCatalogue().find((p) => p.prescription)!;
/** CNKs no demo catalogue product has: products only ever seen in a search. */
const [seenCnk, breakoutCnk] = ['4487039', '1303346', '9999995', '9999987', '9999979'].filter(
  (cnk) => !getDemoCatalogue().some((p) => p.cnk === cnk),
) as [string, string];

async function html(base: string, path: string): Promise<string> {
  const response = await fetch(`${base}${path}`, { headers: { accept: 'text/html' } });
  expect(response.status).toBe(200);
  return response.text();
}

/** Every JSON-LD block of a page, parsed the way a structured-data validator reads them. */
function jsonLd(page: string): Record<string, unknown>[] {
  const $ = load(page);
  return $('script[type="application/ld+json"]')
    .map((_, el) => JSON.parse($(el).text()) as unknown)
    .get() as Record<string, unknown>[];
}

/**
 * RFC 9309 matching, as a crawler applies robots.txt: the longest matching rule wins, Allow on a tie;
 * `*` matches anything, `$` ends the pattern.
 */
function robotsAllows(robots: string, path: string): boolean {
  let best: { length: number; allow: boolean } = { length: -1, allow: true };
  for (const line of robots.split('\n')) {
    const match = /^(Allow|Disallow):\s*(\S*)/i.exec(line.trim());
    if (!match || !match[2]) continue;
    const pattern = match[2];
    // `$` is left unescaped: at the end of a rule it anchors the regex there too.
    const regex = new RegExp(`^${pattern.replace(/[.+?^{}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}`);
    const allow = match[1]!.toLowerCase() === 'allow';
    if (regex.test(path) && (pattern.length > best.length || (pattern.length === best.length && allow)))
      best = { length: pattern.length, allow };
  }
  return best.allow;
}

describe('rich results: JSON-LD, sitemap, robots.txt', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RETAILERS_MODE: 'demo' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('sends a product page with schema.org Product and AggregateOffer data in the server HTML', async () => {
    const history = priceHistoryResponseSchema.parse(
      await (await fetch(`${server.url}/api/products/${product.cnk}/history/`)).json(),
    );
    const prices = history.retailers.map((r) => r.current!.price);
    for (const locale of ['fr', 'nl'] as const) {
      const blocks = jsonLd(await html(server.url, `/${locale}/${product.slug}`));
      expect(blocks).toHaveLength(1);
      expect(blocks[0]).toEqual({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.name[locale],
        description: expect.any(String),
        url: `${server.env.PUBLIC_URL}/${locale}/${product.slug}`,
        sku: product.cnk,
        identifier: { '@type': 'PropertyValue', propertyID: 'CNK', value: product.cnk },
        brand: { '@type': 'Brand', name: product.brand },
        image: `${server.env.PUBLIC_URL}/__demo/retailers/farmaline/img/${product.cnk}.svg`,
        offers: {
          '@type': 'AggregateOffer',
          priceCurrency: 'EUR',
          lowPrice: Math.min(...prices).toFixed(2),
          highPrice: Math.max(...prices).toFixed(2),
          offerCount: prices.length,
        },
      });
    }
  });

  it('links the three languages of a product page to each other (hreflang)', async () => {
    const $ = load(await html(server.url, `/en/${product.slug}`));
    const alternates = $('link[rel="alternate"][hreflang]')
      .map((_, el) => [[$(el).attr('hreflang'), $(el).attr('href')]])
      .get();
    const at = (l: string) => `${server.env.PUBLIC_URL}/${l}/${product.slug}`;
    expect(alternates).toEqual([
      ['fr', at('fr')],
      ['en', at('en')],
      ['nl', at('nl')],
      ['x-default', at('fr')],
    ]);
  });

  it('keeps a product name containing </script> inside the JSON-LD (no script breakout)', async () => {
    const name = '</script><script>alert(1)</script><!-- & "q"';
    server.db
      .prepare(
        'INSERT INTO products (cnk, slug, name, brand, image, first_seen_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(breakoutCnk, `breakout-${breakoutCnk}`, name, '</SCRIPT>', null, Date.now(), Date.now());
    const page = await html(server.url, `/fr/breakout-${breakoutCnk}`);
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(page.match(/<\/script>/gi)).toHaveLength(2); // the app's module script and the JSON-LD block
    const [block] = jsonLd(page);
    expect(block).toMatchObject({ name, brand: { name: '</SCRIPT>' }, sku: breakoutCnk });
    // Never priced: a Product without offers rather than made-up prices.
    expect(block).not.toHaveProperty('offers');
  });

  it('serves a sitemap of the product pages in fr, en and nl with hreflang alternates', async () => {
    server.db
      .prepare(
        'INSERT INTO products (cnk, slug, name, brand, image, first_seen_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(seenCnk, `caudalie-gel-douche-${seenCnk}`, 'Caudalie gel douche', null, null, 0, Date.UTC(2026, 4, 2, 12));
    const response = await fetch(`${server.url}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/xml');
    const $ = load(await response.text(), { xml: true });
    expect($('urlset').attr('xmlns')).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect($('urlset').attr('xmlns:xhtml')).toBe('http://www.w3.org/1999/xhtml');
    const urls = new Map(
      $('url')
        .map((_, el) => [
          [
            $(el).children('loc').text(),
            {
              lastmod: $(el).children('lastmod').text(),
              alternates: $(el)
                .children('xhtml\\:link')
                .map((__, link) => `${$(link).attr('hreflang')} ${$(link).attr('href')}`)
                .get(),
            },
          ],
        ])
        .get() as [string, { lastmod: string; alternates: string[] }][],
    );
    const base = server.env.PUBLIC_URL;
    for (const slug of [product.slug, `caudalie-gel-douche-${seenCnk}`]) {
      const expected = ['fr', 'en', 'nl', 'x-default'].map(
        (h) => `${h} ${base}/${h === 'x-default' ? 'fr' : h}/${slug}`,
      );
      for (const locale of ['fr', 'en', 'nl'])
        expect(urls.get(`${base}/${locale}/${slug}`)?.alternates).toEqual(expected);
    }
    expect(urls.get(`${base}/nl/caudalie-gel-douche-${seenCnk}`)?.lastmod).toBe('2026-05-02');
    expect([...urls.keys()].some((u) => u.endsWith(`/${prescription.slug}`))).toBe(false);
    expect(urls.size % 3).toBe(0);
  });

  it('serves robots.txt that keeps the API and the account pages out and points to the sitemap', async () => {
    const response = await fetch(`${server.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const robots = await response.text();
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toContain(`Sitemap: ${server.env.PUBLIC_URL}/sitemap.xml`);
    for (const path of [
      '/api/search?q=x',
      '/api/auth/me/',
      '/compte',
      '/fr/compte',
      '/nl/subscription',
      '/congrats',
      '/login',
      '/en/register',
      '/reset-password/12/abc',
      '/fr/activate/1/x',
      '/pro',
      '/fr/nego',
      // Search addresses run a live search when drawn (ADR 180).
      '/?q=dafalgan',
      '/nl?q=dafalgan',
      '/en/?q=x',
    ])
      expect(robotsAllows(robots, path), path).toBe(false);
    for (const path of [
      '/',
      '/fr',
      '/en/about',
      `/fr/${product.slug}`,
      `/${product.slug}`,
      '/offers',
      '/fr/pro',
      '/pro-vitamine-c-1234567',
      '/compte-gouttes-1234567',
    ])
      expect(robotsAllows(robots, path), path).toBe(true);
  });
});
