import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@pharmaradar/shared/api-error';
import { productLandingResponseSchema, productLandingTexts } from '@pharmaradar/shared/product-landing';
import { getDemoCatalogue } from '../../demo/catalogue';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';

const PLAIN_TITLE = '<title>PharmaRadar</title>';

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

async function page(base: string, path: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${base}${path}`, { headers: { accept: 'text/html' } });
  return { status: response.status, html: await response.text() };
}

describe('product landing pages', () => {
  let ctx: { server: TestServer };
  // A product whose Dutch name differs from the French one, so the language of the page shows.
  const product = getDemoCatalogue().find(
    (p) => !p.prescription && p.name.fr !== p.name.nl && /[&']/.test(p.name.fr) === false,
  )!;
  const prescription = getDemoCatalogue().find((p) => p.prescription)!;

  beforeAll(async () => {
    ctx = { server: await startTestServer({ RETAILERS_MODE: 'demo' }) };
  });
  afterAll(async () => {
    await ctx?.server.close();
  });

  it('serves a demo catalogue product with its landing texts in fr, en and nl', async () => {
    const response = await fetch(`${ctx.server.url}/api/products/${product.slug}`);
    expect(response.status).toBe(200);
    const body = productLandingResponseSchema.parse(await response.json());
    expect(body).toMatchObject({
      slug: product.slug,
      cnk: product.cnk,
      name: product.name.fr,
      brand: product.brand,
      category: product.category,
    });
    expect(body.image).toBe(`/__demo/retailers/farmaline/img/${product.cnk}.svg`);
    expect(body.landing.fr.title).toContain(product.name.fr);
    expect(body.landing.nl.title).toContain(product.name.nl);
    expect(body.landing.en.heading).toContain(product.name.en);
    for (const texts of Object.values(body.landing)) {
      expect(texts.faq).toHaveLength(3);
      expect(texts.intro).toContain(product.cnk);
    }
    expect(body.landing.fr.intro).toMatch(/indicatifs/);
    expect(body.landing.nl.faq[2]!.a).toMatch(/voorschrift/);
  });

  it('answers 404 not_found for an unknown slug and for prescription-only products', async () => {
    for (const slug of ['no-such-product-1234567', prescription.slug, 'Bad%20Slug', 'a'.repeat(130)]) {
      const response = await fetch(`${ctx.server.url}/api/products/${slug}?lang=en`);
      expect(response.status).toBe(404);
      expect(apiErrorSchema.parse(await response.json()).code).toBe('not_found');
    }
  });

  it('serves products first seen in a search (products table), under the catalogue’s name when it knows them', async () => {
    ctx.server.db
      .prepare(
        'INSERT INTO products (cnk, slug, name, brand, image, first_seen_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        '4487039',
        'caudalie-gel-douche-the-des-vignes-200-ml-4487039',
        'CAUDALIE gel douche vignes 200ml (a shop’s title)',
        'Caudalie',
        null,
        Date.now(),
        Date.now(),
      );
    const response = await fetch(`${ctx.server.url}/api/products/caudalie-gel-douche-the-des-vignes-200-ml-4487039`);
    expect(response.status).toBe(200);
    const body = productLandingResponseSchema.parse(await response.json());
    const official = getDemoCatalogue().find((p) => p.cnk === '4487039')!.name.fr;
    expect(body.name).toBe(official);
    expect(body.landing.fr.title).toBe(`${official} : comparer les prix en pharmacie en ligne | PharmaRadar`);
  });

  it.each(['fr', 'nl', 'en'] as const)(
    'sends index.html with the product title and description for /%s/{slug}',
    async (locale) => {
      const { status, html } = await page(ctx.server.url, `/${locale}/${product.slug}`);
      expect(status).toBe(200);
      const texts = productLandingTexts(
        { name: product.name.fr, names: product.name, brand: product.brand, cnk: product.cnk },
        locale,
      );
      expect(html).toContain(`<title>${escapeHtml(texts.title)}</title>`);
      expect(html).toContain(`<meta name="description" content="${escapeHtml(texts.description)}">`);
      expect(html).toContain(`<html lang="${locale}">`);
      expect(html).toContain(`<link rel="canonical" href="${ctx.server.env.PUBLIC_URL}/${locale}/${product.slug}">`);
      expect(html).toContain('<div id="root"></div>');
    },
  );

  it('uses French for the bare /{slug} path and its sub-paths', async () => {
    for (const path of [`/${product.slug}`, `/${product.slug}/offers`]) {
      const { html } = await page(ctx.server.url, path);
      expect(html).toContain(
        `<title>${escapeHtml(productLandingTexts({ ...product, name: product.name.fr, names: product.name }, 'fr').title)}</title>`,
      );
    }
  });

  it('escapes product data placed in the HTML head', async () => {
    ctx.server.db
      .prepare(
        'INSERT INTO products (cnk, slug, name, brand, image, first_seen_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run('1234566', 'evil-1234566', '</title><script>alert(1)</script> "x"', null, null, Date.now(), Date.now());
    // A code the catalogue does not know: the name recorded from a shop is the page's.
    const { html } = await page(ctx.server.url, '/fr/evil-1234566');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;x&quot;');
  });

  it('sends the plain index.html for unknown slugs (404, as the API) and app routes', async () => {
    for (const [path, expected] of [
      ['/no-such-product', 404],
      ['/nl/no-such-product', 404],
      [`/${prescription.slug}`, 404],
      ['/about', 200],
      ['/fr', 200],
    ] as const) {
      const { status, html } = await page(ctx.server.url, path);
      expect(status).toBe(expected);
      expect(html).toContain(PLAIN_TITLE);
      expect(html).not.toContain('rel="canonical"');
    }
  });
});
