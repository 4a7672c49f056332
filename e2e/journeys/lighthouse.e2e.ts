import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, PHONE, startApp, type AppHandle } from '../support/harness';
import { auditPages, productLandingUrl, type PageScores } from '../support/lighthouse-audit';

/**
 * Every largest-contentful-paint candidate of a first visit on a phone, described when the browser
 * reports it: the home and product pages are drawn by the server and then replaced by the app's same
 * page (ADR 119), so the element is described before it leaves the document.
 */
async function largestPaints(browser: Browser, url: string): Promise<string[]> {
  const { page, context } = await newPage(browser, { viewport: PHONE });
  try {
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { __largestPaints: seen });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { element: Element | null }>) {
          const path: string[] = [];
          for (let el = entry.element; el && el !== document.body; el = el.parentElement)
            path.unshift(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].join('.')}`);
          seen.push(path.join(' > ') || '(element gone)');
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(url, { waitUntil: 'load' });
    // The splash of a first visit has faded and gone by then (docs/product.md#constants: 3.2 s).
    await page.waitForTimeout(4_000);
    return await page.evaluate(() => (window as unknown as { __largestPaints: string[] }).__largestPaints);
  } finally {
    await context.close();
  }
}

// The parts Lighthouse measures the same on any machine: accessibility 1.00 and no
// layout shift to speak of (CLS < 0.1) on the home page and a product page, with the splash never the
// largest paint. The performance score depends on CPU speed and stays in `npm run lighthouse`.
describe('Lighthouse (mobile defaults) on the built app', () => {
  let app: AppHandle;
  let browser: Browser;
  let productUrl: string;
  let home: PageScores;
  let product: PageScores;
  let cachedProduct: PageScores;
  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    // A product page drawn without its prices (completed in place), and one drawn with them (ADR 121).
    productUrl = await productLandingUrl(app.url, 'cold');
    const cachedUrl = await productLandingUrl(app.url, 'cached');
    [home, product, cachedProduct] = (await auditPages([`${app.url}/`, productUrl, cachedUrl])) as [
      PageScores,
      PageScores,
      PageScores,
    ];
  }, 200_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('scores 1.00 for accessibility on the home page and a product page', () => {
    expect(home.failures).toEqual([]);
    expect(home.accessibility).toBe(1);
    expect(product.failures).toEqual([]);
    expect(product.accessibility).toBe(1);
    expect(cachedProduct.failures).toEqual([]);
    expect(cachedProduct.accessibility).toBe(1);
  });

  it('keeps the layout still while the pages load (CLS < 0.1)', () => {
    expect(home.cls, [...home.failures, ...home.shifts].join('\n')).toBeLessThan(0.1);
    expect(product.cls, [...product.failures, ...product.shifts].join('\n')).toBeLessThan(0.1);
    expect(cachedProduct.cls, [...cachedProduct.failures, ...cachedProduct.shifts].join('\n')).toBeLessThan(0.1);
  });

  it('paints page content as the largest element, never the splash', async () => {
    const homePaints = await largestPaints(browser, `${app.url}/`);
    expect(homePaints.at(-1)).toMatch(/main#main\.home__main > .*h1\.home-hero__title$/);
    expect(homePaints.filter((p) => p.includes('splash'))).toEqual([]);
    const productPaints = await largestPaints(browser, productUrl);
    expect(productPaints.at(-1)).toMatch(/main#main\..* > article\.product-page > /);
    expect(productPaints.filter((p) => p.includes('splash'))).toEqual([]);
  }, 30_000);
});
