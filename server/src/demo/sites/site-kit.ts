import type { ShopLanguage } from '@pharmaradar/shared/locales';
import type { Context, MiddlewareHandler } from 'hono';
import type { RetailerId } from '../../retailers/types';
import type { DemoProduct } from '../catalogue';
import type { DemoFault } from '../demo-config';
import { demoDay, productOnDay } from '../demo-prices';

export type SiteState = {
  latencyMs: number;
  fault: DemoFault | null;
  jitter: number;
  /** The clock prices follow from day to day (demo-prices.ts); null: the catalogue prices, fixed. */
  now: (() => number) | null;
  /** Wakes every request held by the 'timeout' fault (used on close). */
  releaseHeld(): void;
  held: Set<() => void>;
};

export function createSiteState(
  latencyMs: number,
  fault: DemoFault | null,
  jitter = 0.15,
  now: (() => number) | null = null,
): SiteState {
  const held = new Set<() => void>();
  return {
    latencyMs,
    fault,
    jitter,
    now,
    held,
    releaseHeld() {
      for (const wake of [...held]) wake();
      held.clear();
    },
  };
}

const MAX_HOLD_MS = 5 * 60_000;

/** Waits ms (or until the client goes away / the demo closes). */
function pause(state: SiteState, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      state.held.delete(done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    state.held.add(done);
  });
}

/** Latency and fault injection for a shop's search endpoint (product pages and images stay fast). */
export function searchFaults(state: SiteState): MiddlewareHandler {
  return async (c, next) => {
    const signal = c.req.raw.signal;
    const fault = state.fault;
    if (fault === 'timeout') {
      await pause(state, MAX_HOLD_MS, signal);
      return c.text('Gateway Timeout', 504);
    }
    const base = state.latencyMs * (fault === 'slow' ? 3 : 1);
    const jittered = base * (1 + (Math.random() * 2 - 1) * state.jitter);
    if (jittered > 0) await pause(state, Math.round(jittered), signal);
    if (fault === '5xx')
      return c.html(errorPage('503 Service Unavailable', 'Le service est temporairement indisponible.'), 503);
    if (fault === '429') {
      return c.html(errorPage('429 Too Many Requests', 'Trop de requêtes, réessayez plus tard.'), 429, {
        'retry-after': '30',
      });
    }
    if (fault === '403') return cloudflareBlock(c);
    if (fault === 'garbage') return c.html(redesignedPage(c.req.query('q') ?? ''), 200);
    await next();
  };
}

export const PAGE_HEADERS = {
  'content-security-policy':
    "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  for (const [k, v] of Object.entries(PAGE_HEADERS)) if (!c.res.headers.has(k)) c.res.headers.set(k, v);
};

function cloudflareBlock(c: Context) {
  const ray = Math.random().toString(16).slice(2, 18);
  const html = `<!DOCTYPE html><html lang="en-US"><head><title>Attention Required! | Cloudflare</title><meta charset="UTF-8"></head>
<body><div id="cf-wrapper"><div id="cf-error-details" class="cf-error-details-wrapper">
<h1 data-translate="block_headline">Sorry, you have been blocked</h1>
<h2 class="cf-subheadline">You are unable to access this website</h2>
<p>This website is using a security service to protect itself from online attacks.</p>
<p class="cf-footer-item">Cloudflare Ray ID: <strong>${ray}</strong></p></div></div></body></html>`;
  return c.html(html, 403, { server: 'cloudflare', 'cf-ray': `${ray}-BRU` });
}

function errorPage(title: string, message: string): string {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${esc(title)}</title></head><body><h1>${esc(title)}</h1><p>${esc(message)}</p></body></html>`;
}

/** 'garbage': a 200 page from a "redesign" that none of the connectors know. */
function redesignedPage(q: string): string {
  return `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><title>${esc(q)} – Nouvelle boutique</title></head>
<body><div id="__app"><section class="ProductGrid_root__x1"><article class="ProductCard_card__9f"><h3 class="ProductCard_title__2k">${esc(q)}</h3>
<div class="Price_amount__7a">—</div></article></section></div></body></html>`;
}

export function esc(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );
}

/** JSON to write inside a script element: "<" is escaped so no product text can close the element. */
export function scriptJson(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** A shop's search page for `q` listing `products`, every link under `prefix`, in `lang` (French unless told). */
export type SearchPageRenderer = (q: string, products: DemoProduct[], prefix?: string, lang?: ShopLanguage) => string;

/**
 * A demo product as a shop's JSON-LD describes it: a schema.org Product offered at the shop's price. `ids` are the
 * shop's own identifiers (sku, gtin13, url…) in the order its pages write them; `vocabulary` is the schema.org
 * address its availability values start with, http or https as on the real shop.
 */
export function schemaOrgProduct(
  p: DemoProduct,
  shop: { retailer: RetailerId; lang: ShopLanguage; prefix: string; vocabulary: string; ids: Record<string, string> },
) {
  const offer = p.offers[shop.retailer]!;
  return {
    '@type': 'Product',
    name: p.name[shop.lang],
    brand: { '@type': 'Brand', name: p.brand },
    ...shop.ids,
    image: shop.prefix + p.image,
    offers: {
      '@type': 'Offer',
      price: offer.price.toFixed(2),
      priceCurrency: 'EUR',
      availability: `${shop.vocabulary}/${offer.inStock ? 'InStock' : 'OutOfStock'}`,
    },
  };
}

/** "12,99 €" with the NBSP the real shops put before the euro sign. */
export function euro(price: number): string {
  return `${price.toFixed(2).replace('.', ',')}\u00a0€`;
}

export function demoBanner(shop: string): string {
  return `<div class="demo-banner" role="note">Boutique de démonstration PharmaRadar – ceci n’est pas le site ${esc(shop)}. Prix fictifs.</div>`;
}

/** The product at today's prices of the shop (unchanged when the shop's prices do not move). */
export function todays(state: SiteState, product: DemoProduct): DemoProduct {
  return state.now ? productOnDay(product, demoDay(state.now())) : product;
}

/** The language of a shop page's path segment (`fr`, `nl`, `fr_BE`, `nl_BE`); null for any other. */
export function pageLanguage(segment: string | undefined): ShopLanguage | null {
  const lang = segment?.replace(/_BE$/, '');
  return lang === 'fr' || lang === 'nl' ? lang : null;
}
