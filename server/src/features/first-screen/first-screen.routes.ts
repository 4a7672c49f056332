import { Hono, type MiddlewareHandler } from 'hono';
import type { FirstScreenPricesResponse } from '@pharmaradar/shared/first-screen.schema';
import { landingPathParts } from '@pharmaradar/shared/product-landing';
import { HttpError } from '../../lib/http-error';
import { COMMON_MESSAGES } from '../../lib/i18n';
import type { DrawFirstScreen } from './first-screen-renderer';
import { FIRST_SCREEN_MESSAGES } from './first-screen.messages';
import type { FirstScreenService } from './first-screen.service';

/** Longer than any product page's address (a slug is at most 120 characters). */
const PATH_MAX_LENGTH = 200;

export function createFirstScreenRoutes(deps: {
  service: FirstScreenService;
  draw: DrawFirstScreen;
  /** The search's per-client limit: this route runs a search, in the same budget (ADR 140). */
  searchLimit: MiddlewareHandler;
}): Hono {
  const app = new Hono();
  // A product page drawn without its prices completes itself in one request (ADR 140): the search,
  // then the page's price parts drawn with every retailer's price and the data the app starts on.
  app.get('/first-screen/prices/', deps.searchLimit, async (c) => {
    const path = c.req.query('path') ?? '';
    const parts = path.startsWith('/') && path.length <= PATH_MAX_LENGTH ? landingPathParts(path) : null;
    const product = parts && deps.service.product(parts.slug);
    if (!parts || !product) throw new HttpError(404, 'not_found', COMMON_MESSAGES.notFound);
    const seed = await deps.service.searchedPrices(product.cnk, parts.locale);
    if (!seed) throw new HttpError(409, 'prices_incomplete', FIRST_SCREEN_MESSAGES.pricesIncomplete);
    const drawn = await deps.draw.productPrices({ locale: parts.locale, path, prices: seed });
    if (drawn === null) throw new HttpError(503, 'not_drawn', FIRST_SCREEN_MESSAGES.notDrawn);
    return c.json({ parts: drawn, seed } satisfies FirstScreenPricesResponse);
  });
  return app;
}
