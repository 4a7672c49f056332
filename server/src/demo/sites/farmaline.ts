import type { Hono } from 'hono';
import { getDemoCatalogue } from '../catalogue';
import { createShopApp, shopSearch } from './common-routes';
import { renderFarmalineProduct, renderFarmalineSearch } from './farmaline.pages';
import { pageLanguage, searchFaults, todays, type SiteState } from './site-kit';

/**
 * `prefix`: the path the shop is mounted under (empty on its own loopback port); every link carries it.
 * Its pages exist under /fr/ and /nl/ as on the real shop (docs/retailers.md#farmaline).
 */
export function createFarmalineSite(state: SiteState, prefix = ''): Hono {
  const app = createShopApp();
  app.get('/:lang/search.htm', searchFaults(state), (c) => {
    const lang = pageLanguage(c.req.param('lang'));
    if (!lang) return c.notFound();
    const q = (c.req.query('q') ?? '').trim();
    return c.html(renderFarmalineSearch(q, shopSearch(state, q, 'farmaline'), prefix, lang));
  });
  app.get('/:lang/:category/:code/:slug', (c) => {
    const lang = pageLanguage(c.req.param('lang'));
    const cnk = /^BE0(\d{7})$/.exec(c.req.param('code'))?.[1];
    const product = getDemoCatalogue().find((p) => p.cnk === cnk && p.offers.farmaline);
    return product && lang ? c.html(renderFarmalineProduct(todays(state, product), prefix, lang)) : c.notFound();
  });
  return app;
}
