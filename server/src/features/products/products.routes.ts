import { Hono } from 'hono';
import { MAX_BASKET_LINES, type OfferedResponse } from '@pharmaradar/shared/basket.schema';
import { normaliseCnk } from '@pharmaradar/shared/cnk';
import { HttpError } from '../../lib/http-error';
import { COMMON_MESSAGES } from '../../lib/i18n';
import type { ProductsService } from './products.service';

/** `a,b,c` as 7-digit CNKs, or null when one is not a CNK or there are more than a basket holds. */
function readCnks(raw: string | undefined): string[] | null {
  const parts = (raw ?? '').split(',').filter((part) => part.trim() !== '');
  if (parts.length === 0 || parts.length > MAX_BASKET_LINES) return null;
  const cnks = parts.map(normaliseCnk);
  return cnks.every((cnk): cnk is string => cnk !== null) ? cnks : null;
}

export function createProductsRoutes(service: ProductsService): Hono {
  const app = new Hono();
  // Before /products/:slug/, which would otherwise take "offered" for a slug.
  app.get('/products/offered/', (c) => {
    const cnks = readCnks(c.req.query('cnks'));
    if (!cnks) throw new HttpError(400, 'invalid_cnks', COMMON_MESSAGES.invalidValue);
    // Asked when the basket opens: an import swapped in shows at once (the API answers no-store).
    return c.json({ excluded: service.excludedOf(cnks) } satisfies OfferedResponse);
  });
  app.get('/products/:slug/', (c) => {
    const landing = service.landing(c.req.param('slug'));
    if (!landing) throw new HttpError(404, 'not_found', COMMON_MESSAGES.notFound);
    // Landing texts only change when the product record does; a short shared cache is harmless.
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(landing);
  });
  return app;
}
