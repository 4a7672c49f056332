import type { DemoProduct } from '../../src/demo/catalogue';

/**
 * The body of POST /api/alerts/create/ for a "price below" alert on a demo product, named in French
 * (the alerts' own tests and the features whose changes an alert must follow all create them).
 */
export const belowAlert = (product: Pick<DemoProduct, 'cnk' | 'name'>, target: number) => ({
  cnk: product.cnk,
  product_name: product.name.fr,
  kind: 'below',
  target_price: target,
});
