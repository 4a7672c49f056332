import type { Hono } from 'hono';
import { getDemoCatalogue } from '../catalogue';
import { createShopApp, shopSearch } from './common-routes';
import { NEWPHARMA_FEED_PATH, renderNewpharmaFeed } from './newpharma.feed';
import { newpharmaId, renderNewpharmaProduct, renderNewpharmaSearch } from './newpharma.pages';
import { searchFaults, todays, type SiteState } from './site-kit';

/** `prefix`: the path the shop is mounted under (empty on its own loopback port); every link carries it. */
export function createNewpharmaSite(state: SiteState, prefix = ''): Hono {
  const app = createShopApp();
  app.get('/:lang/search-results/search.html', searchFaults(state), (c) => {
    const q = (c.req.query('q') ?? '').trim();
    const host = new URL(c.req.url).host;
    return c.html(renderNewpharmaSearch(q, shopSearch(state, q, 'newpharma'), host, prefix));
  });
  // Its feed, as the server imports it (FEED_REFRESH_H): today's prices of what it sells.
  app.get(NEWPHARMA_FEED_PATH, (c) => {
    const products = getDemoCatalogue()
      .filter((p) => p.offers.newpharma)
      .map((p) => todays(state, p));
    c.header('content-type', 'application/rss+xml; charset=utf-8');
    return c.body(renderNewpharmaFeed(products, new URL(c.req.url).origin, prefix));
  });
  app.get('/pharmacie/:brand/:id/:slug', (c) => {
    const id = Number(c.req.param('id'));
    const product = getDemoCatalogue().find((p) => p.offers.newpharma && newpharmaId(p) === id);
    return product ? c.html(renderNewpharmaProduct(todays(state, product), prefix)) : c.notFound();
  });
  return app;
}
