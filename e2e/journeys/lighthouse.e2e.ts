import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppHandle } from '../support/harness';
import { auditPages, productLandingUrl, type PageScores } from '../support/lighthouse-audit';

// Issue 8 item 13, the parts Lighthouse measures the same on any machine: accessibility 1.00 and no
// layout shift to speak of (CLS < 0.1) on the home page and a product page, with the splash never the
// largest paint. The performance score depends on CPU speed and stays in `npm run lighthouse`.
describe('Lighthouse (mobile defaults) on the built app', () => {
  let app: AppHandle;
  let home: PageScores;
  let product: PageScores;
  beforeAll(async () => {
    app = await startApp();
    [home, product] = (await auditPages([`${app.url}/`, await productLandingUrl(app.url)])) as [PageScores, PageScores];
  }, 150_000);
  afterAll(async () => {
    await app?.stop();
  });

  it('scores 1.00 for accessibility on the home page and a product page', () => {
    expect(home.failures).toEqual([]);
    expect(home.accessibility).toBe(1);
    expect(product.failures).toEqual([]);
    expect(product.accessibility).toBe(1);
  });

  it('keeps the layout still while the pages load (CLS < 0.1)', () => {
    expect(home.cls, home.shifts.join('\n')).toBeLessThan(0.1);
    expect(product.cls, product.shifts.join('\n')).toBeLessThan(0.1);
  });

  it('paints page content as the largest element, never the splash', () => {
    expect(home.lcpElement).toMatch(/main#main/);
    expect(home.lcpElement).not.toMatch(/splash/);
    expect(product.lcpElement).toMatch(/product-page/);
  });
});
