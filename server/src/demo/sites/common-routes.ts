import { Hono } from 'hono';
import type { RetailerId } from '../../retailers/types';
import { findDemoProductByCnk, type DemoProduct } from '../catalogue';
import { searchDemoCatalogue } from '../catalogue-search';
import { renderProductSvg } from '../product-image';
import { securityHeaders, todays, type SiteState } from './site-kit';

/** A demo shop's app: the pages' security headers on every answer, and the product pictures. */
export function createShopApp(): Hono {
  const app = new Hono();
  app.use('*', securityHeaders);
  addImageRoute(app); // before the shop's catch-all product routes
  return app;
}

/** Product pictures `/img/{cnk}.svg`, served by every demo shop. */
function addImageRoute(app: Hono): void {
  app.get('/img/:file', (c) => {
    const cnk = /^(\d{7})\.svg$/.exec(c.req.param('file'))?.[1];
    const product = cnk ? findDemoProductByCnk(cnk) : undefined;
    if (!product) return c.notFound();
    return c.body(renderProductSvg(product), 200, {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': 'public, max-age=86400',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    });
  });
}

/** What a shop's search page lists: its first 24 matches at today's prices, nothing for an empty query. */
export function shopSearch(
  state: SiteState,
  q: string,
  retailer: RetailerId,
  filter?: (p: DemoProduct) => boolean,
): DemoProduct[] {
  return q
    ? searchDemoCatalogue(q, retailer, filter)
        .slice(0, 24)
        .map((p) => todays(state, p))
    : [];
}
