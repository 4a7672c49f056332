import type { Context } from 'hono';
import { LOCALES } from '@pharmaradar/shared/locales';
import { landingPathParts, productLandingTexts } from '@pharmaradar/shared/product-landing';
import { scriptSafeJson, withHtmlLang, type HtmlTransformer } from '../../lib/web-static';
import { productJsonLd, type OfferSummaries } from './products-json-ld';
import type { ProductsService } from './products.service';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);

function setMeta(html: string, name: string, content: string): string {
  const tag = `<meta name="${name}" content="${escapeHtml(content)}">`;
  const existing = new RegExp(`<meta\\s+name=["']${name}["'][^>]*>`, 'i');
  return existing.test(html) ? html.replace(existing, () => tag) : html.replace(/<\/head>/i, () => `${tag}</head>`);
}

/**
 * For a known product slug, index.html goes out with the product's title, description, language,
 * canonical URL, hreflang alternates and schema.org Product data (JSON-LD, with the current prices
 * when `offers` knows them), so crawlers and link previews see the landing page without running the
 * app. Unknown slugs get the plain index.html here (the first screen answers them 404). The page itself is
 * drawn into #root by the first-screen feature (ADR 140).
 */
export function createProductHtmlTransformer({
  service,
  publicUrl,
  offers,
}: {
  service: ProductsService;
  publicUrl: string;
  offers?: OfferSummaries;
}): HtmlTransformer {
  return (html: string, c: Context) => {
    const parts = landingPathParts(c.req.path);
    if (!parts) return undefined;
    const product = service.find(parts.slug);
    if (!product) return undefined;
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
