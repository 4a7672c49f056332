import type { Hono } from 'hono';
import { getDemoCatalogue, type DemoProduct } from '../catalogue';
import { createShopApp, shopSearch } from './common-routes';
import { renderMedimarketProduct, renderMedimarketSearch, type MedimarketShop } from './medimarket.pages';
import { searchFaults, todays, type SiteState } from './site-kit';

/** Medi-Market's two shops: medicines are only on the pharmacy shop, the rest only on the parapharmacy one. */
export function createMedimarketSite(state: SiteState, shop: MedimarketShop, prefix = ''): Hono {
  const inShop = (p: DemoProduct) => (shop === 'pharmacy') === p.medicine;
  const app = createShopApp();
  app.get('/:lang/search', searchFaults(state), (c) => {
    const q = (c.req.query('q') ?? '').trim();
    return c.html(renderMedimarketSearch(shop, q, shopSearch(state, q, 'medimarket', inShop), prefix));
  });
  app.get('/:lang/p/:slugAndCnk', (c) => {
    const cnk = /-(\d{7})$/.exec(c.req.param('slugAndCnk'))?.[1];
    const product = getDemoCatalogue().find((p) => p.cnk === cnk && p.offers.medimarket && inShop(p));
    return product ? c.html(renderMedimarketProduct(shop, todays(state, product), prefix)) : c.notFound();
  });
  return app;
}
