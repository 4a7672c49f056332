import type { Context } from 'hono';
import { isLocale, LOCALES, type Locale } from '@pharmaradar/shared';
import { productLandingTexts } from '@pharmaradar/shared/product-landing';
import { LANDING_SEED_ID } from '@pharmaradar/shared/first-screen';
import type { ProductLandingResponse } from '@pharmaradar/shared/product-landing';
import { PRICES_SEED_ID, type ProductPricesSeed } from '@pharmaradar/shared/product-prices-seed';
import { withFirstScreen, withHtmlLang, type DrawFirstScreen } from '../../lib/first-screen';
import type { Logger } from '../../lib/log';
import type { HtmlTransformer } from '../../lib/web-static';
import { productJsonLd, scriptSafeJson, type OfferSummaries } from './products-json-ld';
import { landingResponse, type ProductsService } from './products.service';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);

/** `/{slug}`, `/{slug}/…` or `/{fr|en|nl}/{slug}[/…]` -> the slug and the page language. */
export function landingPathParts(path: string): { slug: string; locale: Locale } | null {
  const segments = path.split('/').filter(Boolean);
  const [first, second] = segments;
  if (!first) return null;
  if (isLocale(first)) return second ? { slug: second, locale: first } : null;
  return { slug: first, locale: 'fr' };
}

/**
 * What a product page is drawn with beyond the product (ADR 121), wired by app.ts from the search
 * cache and the price history: never a request to a retailer, so the page never waits for one.
 */
export type ProductPagePrices = { pricesOf(cnk: string): ProductPricesSeed | null };

const jsonScript = (id: string, value: unknown) =>
  `<script type="application/json" id="${id}">${scriptSafeJson(value)}</script>`;

/**
 * The landing page drawn into #root (ADR 119), with the product it shows as JSON for the app, which
 * then starts on the same page without fetching it again; and, when known, its cached prices and
 * history (ADR 121): with every retailer's prices drawn, the page is whole without the app.
 */
async function withProductFirstScreen(
  html: string,
  locale: Locale,
  path: string,
  landing: ProductLandingResponse,
  draw: DrawFirstScreen,
  prices: ProductPricesSeed | null,
): Promise<string> {
  const markup = await draw({ page: 'product', locale, path, product: landing, ...(prices ? { prices } : {}) });
  if (markup === null) return html;
  const seeds = jsonScript(LANDING_SEED_ID, landing) + (prices ? jsonScript(PRICES_SEED_ID, prices) : '');
  const whole = prices?.search != null;
  return withFirstScreen(html, 'product', markup, whole).replace(/<\/body>/i, () => `${seeds}</body>`);
}

/** The cached prices and history of a product, or null when they cannot be read (the app fetches them). */
function pricesOf(prices: ProductPagePrices | undefined, cnk: string, log: Logger | undefined) {
  try {
    return prices?.pricesOf(cnk) ?? null;
  } catch (error) {
    log?.warn('product page prices could not be read', { cnk, error: String(error) });
    return null;
  }
}

function setMeta(html: string, name: string, content: string): string {
  const tag = `<meta name="${name}" content="${escapeHtml(content)}">`;
  const existing = new RegExp(`<meta\\s+name=["']${name}["'][^>]*>`, 'i');
  return existing.test(html) ? html.replace(existing, () => tag) : html.replace(/<\/head>/i, () => `${tag}</head>`);
}

/**
 * For a known product slug, index.html goes out with the product's title, description, language,
 * canonical URL, hreflang alternates and schema.org Product data (JSON-LD, with the current prices
 * when `offers` knows them), so crawlers and link previews see the landing page without running the
 * app. Unknown slugs get the plain index.html (the client router shows its 404).
 */
export function createProductHtmlTransformer({
  service,
  publicUrl,
  offers,
  draw,
  prices,
  log,
}: {
  service: ProductsService;
  publicUrl: string;
  offers?: OfferSummaries;
  draw?: DrawFirstScreen;
  prices?: ProductPagePrices;
  log?: Logger;
}): HtmlTransformer {
  return async (html: string, c: Context) => {
    const parts = landingPathParts(c.req.path);
    if (!parts) return undefined;
    const product = service.find(parts.slug);
    if (!product) return undefined;
    if (draw) {
      const drawnPrices = pricesOf(prices, product.cnk, log);
      html = await withProductFirstScreen(html, parts.locale, c.req.path, landingResponse(product), draw, drawnPrices);
    }
    const texts = productLandingTexts(product, parts.locale);
    const canonical = `${publicUrl}/${parts.locale}/${product.slug}`;
    const title = `<title>${escapeHtml(texts.title)}</title>`;
    const titlePattern = /<title>[\s\S]*?<\/title>/i;
    let out = titlePattern.test(html)
      ? html.replace(titlePattern, () => title)
      : html.replace(/<\/head>/i, () => `${title}</head>`);
    out = setMeta(out, 'description', texts.description);
    out = withHtmlLang(out, parts.locale);
    out = out.replace(/<link\s+rel=["']canonical["'][^>]*>/i, '');
    const alternates = [...LOCALES.map((l) => [l, l] as const), ['x-default', 'fr'] as const]
      .map(
        ([hreflang, l]) =>
          `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(`${publicUrl}/${l}/${product.slug}`)}">`,
      )
      .join('');
    let summary = null;
    try {
      summary = offers?.offerSummary(product.cnk) ?? null;
    } catch {
      // The page still goes out (without prices in its structured data) if the history cannot be read.
    }
    const jsonLd = productJsonLd(product, parts.locale, texts, canonical, publicUrl, summary);
    const head = `<link rel="canonical" href="${escapeHtml(canonical)}">${alternates}<script type="application/ld+json">${scriptSafeJson(jsonLd)}</script>`;
    return out.replace(/<\/head>/i, () => `${head}</head>`);
  };
}
