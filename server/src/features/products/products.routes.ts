import { Hono } from 'hono';
import { HttpError } from '../../lib/http-error';
import { COMMON_MESSAGES } from '../../lib/i18n';
import type { ProductsService } from './products.service';

export function createProductsRoutes(service: ProductsService): Hono {
  const app = new Hono();
  app.get('/products/:slug/', (c) => {
    const landing = service.landing(c.req.param('slug'));
    if (!landing) throw new HttpError(404, 'not_found', COMMON_MESSAGES.notFound);
    // Landing texts only change when the product record does; a short shared cache is harmless.
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(landing);
  });
  return app;
}
