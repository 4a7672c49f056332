import { Hono } from 'hono';
import { LOCALES } from '@pharmaradar/shared/locales';
import type { ProductsService } from './products.service';

// What search engines read at the site root: /sitemap.xml (the product pages in fr, en and nl with
// hreflang alternates) and /robots.txt (API, account pages and search addresses kept out). docs/features/rich-results-sitemap-robots.md.

/** A sitemap holds 50,000 URLs at most; each product takes three (one per language). */
export const SITEMAP_MAX_PRODUCTS = 16_000;

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (text: string) => text.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch]!);

/**
 * Pages no search engine should index: the API, account and sign-in pages, the Pro tool and the
 * staff page, bare and under each language prefix. `$` ends a rule (RFC 9309) so /pro does not
 * also hide product pages whose slug starts with "pro".
 */
const PRIVATE_PAGES = [
  'compte',
  'congrats',
  'subscription',
  'login',
  'register',
  'verify-otp',
  'forgot-password',
  'reset-password/',
  'activate/',
  'admin',
];

export function robotsTxt(publicUrl: string): string {
  // A search address (`/?q=`, `/nl?q=`) is drawn with its results by running a live search (ADR 180):
  // one moment's prices, not a page, and a crawler following links must not make the server ask the shops.
  const rules: string[] = ['Disallow: /api/', 'Disallow: /__demo/', 'Disallow: /*?q='];
  for (const prefix of ['', ...LOCALES.map((l) => `/${l}`)]) {
    for (const page of PRIVATE_PAGES)
      rules.push(page.endsWith('/') ? `Disallow: ${prefix}/${page}` : `Disallow: ${prefix}/${page}$`);
    // The Pro tool: /pro bare, /{lang}/nego under a prefix (where /{lang}/pro is the public plans page).
    rules.push(prefix ? `Disallow: ${prefix}/nego$` : 'Disallow: /pro$');
  }
  return ['User-agent: *', 'Allow: /', ...rules, '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}

export function sitemapXml(publicUrl: string, pages: { slug: string; lastSeenAt: number | null }[]): string {
  const urls = pages.flatMap(({ slug, lastSeenAt }) => {
    const href = (locale: string) => xml(`${publicUrl}/${locale}/${slug}`);
    const alternates = [
      ...LOCALES.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${href(l)}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${href('fr')}"/>`,
    ].join('');
    const lastmod = lastSeenAt === null ? '' : `<lastmod>${new Date(lastSeenAt).toISOString().slice(0, 10)}</lastmod>`;
    return LOCALES.map((l) => `<url><loc>${href(l)}</loc>${lastmod}${alternates}</url>`);
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** Mounted at the site root by app.ts (before the web app, whose files would otherwise answer). */
export function createProductsSeoRoutes(service: ProductsService, publicUrl: string): Hono {
  const app = new Hono();
  app.get('/sitemap.xml', (c) =>
    c.body(sitemapXml(publicUrl, service.sitemapPages(SITEMAP_MAX_PRODUCTS)), 200, {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    }),
  );
  app.get('/robots.txt', (c) =>
    c.body(robotsTxt(publicUrl), 200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    }),
  );
  return app;
}
