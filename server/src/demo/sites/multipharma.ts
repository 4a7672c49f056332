import { Hono } from 'hono';
import { normaliseCnk } from '@pharmaradar/shared/cnk';
import { getDemoCatalogue } from '../catalogue';
import { searchDemoCatalogue } from '../catalogue-search';
import { addImageRoute } from './common-routes';
import { multipharmaProductPath, renderMultipharmaProduct, renderMultipharmaSearch } from './multipharma.pages';
import { searchFaults, securityHeaders, todays, type SiteState } from './site-kit';

const SEARCH = '/on/demandware.store/Sites-Multipharma-Webshop-BE-Site/:locale/Search-Show';

/** `prefix`: the path the shop is mounted under (empty on its own loopback port); every link carries it. */
export function createMultipharmaSite(state: SiteState, prefix = ''): Hono {
  const app = new Hono();
  app.use('*', securityHeaders);
  addImageRoute(app); // before the catch-all product routes
  app.get(SEARCH, searchFaults(state), (c) => {
    const q = (c.req.query('q') ?? '').trim();
    const found = q
      ? searchDemoCatalogue(q, 'multipharma')
          .slice(0, 24)
          .map((p) => todays(state, p))
      : [];
    // SFRA sends an exact product-id match straight to the product page.
    if (normaliseCnk(q) && found.length === 1) return c.redirect(multipharmaProductPath(found[0]!, prefix), 302);
    return c.html(renderMultipharmaSearch(q, found, prefix));
  });
  app.get('/:lang/:page', (c) => {
    const cnk = /-(\d{7})\.html$/.exec(c.req.param('page'))?.[1];
    const product = getDemoCatalogue().find((p) => p.cnk === cnk && p.offers.multipharma);
    return product ? c.html(renderMultipharmaProduct(todays(state, product), prefix)) : c.notFound();
  });
  return app;
}
