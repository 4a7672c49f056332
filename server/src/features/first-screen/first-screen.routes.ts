import { Hono, type MiddlewareHandler } from 'hono';
import type { FirstScreenPricesResponse } from '@pharmaradar/shared/first-screen.schema';
import { DEFAULT_LOCALE, isLocale } from '@pharmaradar/shared/locales';
import type { SearchResult } from '@pharmaradar/shared/search.schema';
import { landingPathParts } from '@pharmaradar/shared/product-landing';
import { SEARCH_QUERY_MAX_LENGTH } from '@pharmaradar/shared/search-limits';
import { clientShareKey } from '../../lib/client-address';
import { HttpError } from '../../lib/http-error';
import { COMMON_MESSAGES } from '../../lib/i18n';
import type { DrawFirstScreen } from './first-screen-renderer';
import { streamDrawnParts, wantsEventStream } from './first-screen-stream';
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
    const { locale } = parts;
    const client = clientShareKey(c);
    // Prices the server holds (the search cache, the market store's fresh ones) answer at once, with
    // no shop asked; else the live search, whose answers fill both.
    const kept = await deps.service.keptPrices(product.cnk, locale, client);
    const held = kept?.search ? kept : null;
    // Asked as a stream, the parts come as each retailer answers (ADR 167); the end is the JSON's.
    if (wantsEventStream(c.req.header('accept'))) {
      // Drawn under way (no `search`) after the events so far, with the history the page has.
      const under = held ?? { cnk: product.cnk, search: null, history: kept?.history ?? null };
      let seed = held;
      return streamDrawnParts(c, {
        pricedBefore: !!held?.search?.result.products.some((p) => p.offers.length > 0),
        search: async (listener) => {
          if (held) return;
          await deps.service.search(product.cnk, locale, client, listener);
          seed = await deps.service.keptPrices(product.cnk, locale, client);
        },
        draw: (events) => deps.draw.productPrices({ locale, path, prices: under, events }),
        end: (drawnParts) =>
          seed?.search
            ? { event: 'done', data: { parts: drawnParts, seed } satisfies FirstScreenPricesResponse }
            : { event: 'error', data: { code: 'prices_incomplete' } },
      });
    }
    const seed = held ?? (await deps.service.searchedPrices(product.cnk, locale, client));
    if (!seed) throw new HttpError(409, 'prices_incomplete', FIRST_SCREEN_MESSAGES.pricesIncomplete);
    const drawn = await deps.draw.productPrices({ locale, path, prices: seed });
    if (drawn === null) throw new HttpError(503, 'not_drawn', FIRST_SCREEN_MESSAGES.notDrawn);
    return c.json({ parts: drawn, seed } satisfies FirstScreenPricesResponse);
  });

  // A search made on the drawn home page before the app runs (ADR 167): its results part, drawn
  // again as each retailer answers, then the result the app takes the page over with.
  app.get('/first-screen/search/', deps.searchLimit, (c) => {
    const q = (c.req.query('q') ?? '').trim();
    if (!q || q.length > SEARCH_QUERY_MAX_LENGTH) throw new HttpError(400, 'bad_query', FIRST_SCREEN_MESSAGES.badQuery);
    const lang = c.req.query('lang');
    const locale = isLocale(lang) ? lang : DEFAULT_LOCALE;
    let result: SearchResult | null = null;
    return streamDrawnParts(c, {
      search: async (listener) => (result = await deps.service.search(q, locale, clientShareKey(c), listener)),
      draw: (events) => deps.draw.searchResults({ locale, path: `/${locale}`, query: q, events }),
      end: (parts) => ({ event: 'done', data: { parts, result: result! } }),
    });
  });
  return app;
}
