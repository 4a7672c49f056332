import { Hono } from 'hono';
import { equivalentsRequestSchema } from '@pharmaradar/shared/equivalents.schema';
import { HttpError } from '../../lib/http-error';
import { COMMON_MESSAGES } from '../../lib/i18n';
import { equivalentsOf, type EquivalentsDeps } from './products-equivalents.service';
import { PRODUCTS_MESSAGES } from './products.messages';

/** GET /api/products/:cnk/equivalents/?lang=: the same medicine in other packs, with known prices. */
export function createEquivalentsRoutes(deps: EquivalentsDeps): Hono {
  const app = new Hono();
  app.get('/products/:cnk/equivalents/', (c) => {
    const parsed = equivalentsRequestSchema.safeParse({ cnk: c.req.param('cnk'), lang: c.req.query('lang') });
    if (!parsed.success) {
      const badLanguage = parsed.error.issues.every((issue) => issue.path[0] === 'lang');
      if (badLanguage) throw new HttpError(400, 'invalid_language', PRODUCTS_MESSAGES.invalidLanguage);
      throw new HttpError(400, 'invalid_cnk', PRODUCTS_MESSAGES.invalidCnk);
    }
    const answer = equivalentsOf(deps, parsed.data.cnk, parsed.data.lang ?? 'fr');
    if (!answer) throw new HttpError(404, 'not_found', COMMON_MESSAGES.notFound);
    // Prices move with each search and the catalogue with each import: shared caches keep it a minute.
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(answer);
  });
  return app;
}
