import { Hono } from 'hono';
import { priceHistoryParamsSchema } from '@pharmaradar/shared/price-history.schema';
import { HttpError } from '../../lib/http-error';
import { COMMON_MESSAGES } from '../../lib/i18n';
import type { PriceHistoryService } from './price-history.service';

/** GET /api/products/:cnk/history/: a product's price history, 30-day lows and prior-price checks. */
export function createPriceHistoryRoutes(service: PriceHistoryService): Hono {
  const app = new Hono();
  app.get('/products/:cnk/history/', (c) => {
    const parsed = priceHistoryParamsSchema.safeParse({ cnk: c.req.param('cnk') });
    if (!parsed.success) throw new HttpError(404, 'not_found', COMMON_MESSAGES.notFound);
    // New points arrive with each search: shared caches may keep it a minute, no more.
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(service.history(parsed.data.cnk));
  });
  return app;
}
