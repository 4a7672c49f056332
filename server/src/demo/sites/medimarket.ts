import { Hono } from 'hono';
import { getDemoCatalogue, type DemoProduct } from '../catalogue';
import { searchDemoCatalogue } from '../catalogue-search';
import { addImageRoute } from './common-routes';
import { renderMedimarketProduct, renderMedimarketSearch, type MedimarketShop } from './medimarket.pages';
import { searchFaults, securityHeaders, todays, type SiteState } from './site-kit';

/** Medi-Market's two shops: medicines are only on the pharmacy shop, the rest only on the parapharmacy one. */
export function createMedimarketSite(state: SiteState, shop: MedimarketShop, prefix = ''): Hono {
  const inShop = (p: DemoProduct) => (shop === 'pharmacy') === p.medicine;
  const app = new Hono();
  app.use('*', securityHeaders);
  addImageRoute(app); // before the catch-all product routes
  app.get('/:lang/search', searchFaults(state), (c) => {
    const q = (c.req.query('q') ?? '').trim();
    return c.html(
      renderMedimarketSearch(
        shop,
        q,
        q
          ? searchDemoCatalogue(q, 'medimarket', inShop)
              .slice(0, 24)
              .map((p) => todays(state, p))
          : [],
        prefix,
      ),
    );
  });
  app.get('/:lang/p/:slugAndCnk', (c) => {
    const cnk = /-(\d{7})$/.exec(c.req.param('slugAndCnk'))?.[1];
    const product = getDemoCatalogue().find((p) => p.cnk === cnk && p.offers.medimarket && inShop(p));
    return product ? c.html(renderMedimarketProduct(shop, todays(state, product), prefix)) : c.notFound();
  });
  return app;
}
