import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, waitForApp, waitForServiceWorker } from '../support/harness';
import { useJourney } from '../support/journey';

// Offline early in a first visit (ADR 224): the service worker starts once the first page is loaded
// and the network idle, not after a quiet spell a visitor opening products never leaves. A visitor
// who opened the home page and two product pages within 13 s goes offline and reloads each: the app
// answers every one of them, in the page's language, on a small phone.
const SMALL_PHONE = { width: 360, height: 740 } as const;
/** How long the visitor reads each page before opening the next (less than the quiet spell the worker used to wait for). */
const READING_MS = 3000;
/**
 * Offline, how long a product page may take, once the app has drawn, to show its offline notice or the
 * product (ADR 230): the API client waits 3 s at most offline, the rest is a loaded machine's slack.
 */
const SETTLE_MS = 10_000;

/** The product page settles: its offline notice, or the product with its price block, never its loading state. */
async function productSettles(page: Page): Promise<void> {
  await page.locator('[data-testid="product-offline"], #product-prices-title').first().waitFor({ timeout: SETTLE_MS });
  expect(await page.getByTestId('product-loading').count()).toBe(0);
}

describe('offline early in a first visit', () => {
  const journey = useJourney();

  /** Two products of the demo catalogue that have a landing page. */
  async function twoProductSlugs(): Promise<[string, string]> {
    const response = await fetch(journey.url('/api/search?q=dafalgan'), { headers: { Accept: 'application/json' } });
    const { products } = (await response.json()) as { products: Array<{ slug: string | null }> };
    const slugs = products.flatMap((p) => (p.slug ? [p.slug] : []));
    expect(slugs.length).toBeGreaterThanOrEqual(2);
    return [slugs[0]!, slugs[1]!];
  }

  for (const lang of ['fr', 'nl'] as const) {
    it(`${lang}: home and two product pages opened within 13 s each reload offline into the app, at 360 px`, async () => {
      const [first, second] = await twoProductSlugs();
      const { page, context } = await journey.open({ viewport: SMALL_PHONE, locale: `${lang}-BE` });
      // Where the page first asks for the worker: kept across the visit's pages in sessionStorage.
      await page.addInitScript(() => {
        const container = navigator.serviceWorker;
        const register = container.register.bind(container);
        container.register = (...args: Parameters<ServiceWorkerContainer['register']>) => {
          if (!sessionStorage.getItem('registeredOn')) sessionStorage.setItem('registeredOn', location.pathname);
          return register(...args);
        };
      });
      const seen = [`/${lang}`, `/${lang}/${first}`, `/${lang}/${second}`];
      for (const [i, address] of seen.entries()) {
        if (i > 0) await sleep(READING_MS);
        await page.goto(journey.url(address));
        await page.locator('h1').first().waitFor();
      }
      // The worker was asked for while the visitor read the first page: no quiet spell waited for.
      expect(await page.evaluate(() => sessionStorage.getItem('registeredOn'))).toBe(`/${lang}`);
      // On a machine that draws pages at a phone's pace the worker controls the page by the 13th
      // second; a loaded test machine may need longer to download the precache.
      await waitForServiceWorker(page);

      await context.setOffline(true);
      for (const address of seen) {
        await page.goto(journey.url(address));
        await page.waitForFunction((l) => document.documentElement.lang === l, lang);
        // The app, not the browser's error page: its offline banner, in the page's language, within the
        // phone's width; a product page then shows its offline state or the product, within seconds.
        await page.getByTestId('offline-banner').waitFor();
        if (address !== `/${lang}`) await productSettles(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SMALL_PHONE.width);
      }
      await screenshot(page, `offline-early-product-${lang}-360`);
      // A reload of the page shown, the worker long installed by now: the same.
      await page.reload();
      await page.getByTestId('offline-banner').waitFor();
      await productSettles(page);
      await context.setOffline(false);
      await context.close();
    });

    it(`${lang}: a product page opened offline from a link in the app settles, and so does its reload`, async () => {
      const { page, context } = await journey.open({ viewport: SMALL_PHONE, locale: `${lang}-BE` });
      await page.goto(journey.url(`/${lang}?q=dafalgan`));
      await waitForApp(page);
      const link = page.locator('a.product-card__page').first();
      await link.waitFor();
      await waitForServiceWorker(page);

      await context.setOffline(true);
      await page.getByTestId('offline-banner').waitFor();
      const href = (await link.getAttribute('href'))!;
      await link.click();
      await page.waitForURL(journey.url(href));
      await productSettles(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SMALL_PHONE.width);
      await screenshot(page, `offline-link-product-${lang}-360`);
      await page.reload();
      await page.getByTestId('offline-banner').waitFor();
      await productSettles(page);
      await context.setOffline(false);
      await context.close();
    });
  }
});
