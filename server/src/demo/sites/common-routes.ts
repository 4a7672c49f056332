import type { Hono } from 'hono';
import { findDemoProductByCnk } from '../catalogue';
import { renderProductSvg } from '../product-image';

/** Product pictures `/img/{cnk}.svg`, served by every demo shop. */
export function addImageRoute(app: Hono): void {
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
