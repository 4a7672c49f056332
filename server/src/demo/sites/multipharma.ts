import type { Hono } from 'hono';
import { normaliseCnk } from '@pharmaradar/shared/cnk';
import { getDemoCatalogue } from '../catalogue';
import { createShopApp, shopSearch } from './common-routes';
import { multipharmaProductPath, renderMultipharmaProduct, renderMultipharmaSearch } from './multipharma.pages';
import { pageLanguage, searchFaults, todays, type SiteState } from './site-kit';

const SEARCH = '/on/demandware.store/Sites-Multipharma-Webshop-BE-Site/:locale/Search-Show';

/**
 * `prefix`: the path the shop is mounted under (empty on its own loopback port); every link carries it.
 * The site's locales are fr_BE and nl_BE, its pages under /fr/ and /nl/ (docs/retailers.md#multipharma).
 */
export function createMultipharmaSite(state: SiteState, prefix = ''): Hono {
  const app = createShopApp();
  app.get(SEARCH, searchFaults(state), (c) => {
    const lang = pageLanguage(c.req.param('locale'));
    if (!lang) return c.notFound();
    const q = (c.req.query('q') ?? '').trim();
    const found = shopSearch(state, q, 'multipharma');
    // SFRA sends an exact product-id match straight to the product page.
    if (normaliseCnk(q) && found.length === 1) return c.redirect(multipharmaProductPath(found[0]!, prefix, lang), 302);
    return c.html(renderMultipharmaSearch(q, found, prefix, lang));
  });
  app.get('/:lang/:page', (c) => {
    const lang = pageLanguage(c.req.param('lang'));
    const cnk = /-(\d{7})\.html$/.exec(c.req.param('page'))?.[1];
    const product = getDemoCatalogue().find((p) => p.cnk === cnk && p.offers.multipharma);
    return product && lang ? c.html(renderMultipharmaProduct(todays(state, product), prefix, lang)) : c.notFound();
  });
  return app;
}
