import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { waitForServiceWorker } from '../support/harness';
import { useJourney } from '../support/journey';

// Basket (ADR 111, 113): three products added from their pages, totals per retailer with the demo
// shipping terms, the cheapest single retailer, a split that beats it, and the basket offline.
//
// Demo prices are seeded by CNK (server/src/demo/catalogue.ts) and the demo shipping terms are
// Farmaline 4.95 free from 39, Medi-Market 5.95 free from 49, Multipharma 4.50 free from 35:
//   Imodium 2 mg 60 gélules (3838091)          Farmaline 15.39  Medi-Market 16.49  Multipharma 16.29
//   Metagenics Ultra Flora Intensive (3294469) Farmaline 29.49  Medi-Market 31.25  Multipharma 31.25
//   Caudalie Resveratrol-Lift nuit (1249705)   Farmaline 54.89  Medi-Market 57.15  Multipharma 45.85
// One of each: Farmaline 99.77, Medi-Market 104.89, Multipharma 93.39 (all above their thresholds);
// split: Imodium + Metagenics at Farmaline (44.88, free) and Caudalie at Multipharma (45.85, free) = 90.73.
// Two Imodium: Farmaline 115.16, Medi-Market 121.38, Multipharma 109.68; split 60.27 + 45.85 = 106.12.

const IMODIUM = '3838091';
const METAGENICS = '3294469';
const CAUDALIE = '1249705';

const CASES = [
  {
    lang: 'fr',
    prefix: '',
    browser: 'fr-BE',
    imodium: 2,
    single: 'Le moins cher chez une seule pharmacie : Multipharma, 109,68 €.',
    split: 'Le moins cher en répartissant : 106,12 €.',
    saving: 'Économie de 3,56 € par rapport à une seule pharmacie.',
    farmalineTotal: '115,16 €',
    offline: 'Hors ligne',
  },
  {
    lang: 'en',
    prefix: '/en',
    browser: 'en-GB',
    imodium: 1,
    single: 'Cheapest at a single pharmacy: Multipharma, €93.39.',
    split: 'Cheapest when split: €90.73.',
    saving: 'Saves €2.66 over a single pharmacy.',
    farmalineTotal: '€99.77',
    offline: 'Offline',
  },
] as const;

/** Text with the non-breaking spaces of French number formats as plain spaces. */
async function textOf(page: Page, selector: string): Promise<string> {
  return ((await page.locator(selector).first().textContent()) ?? '').replace(/[\u00a0\u202f]/g, ' ');
}

async function addFromProductPage(page: Page, prefix: string, cnk: string, quantity: number): Promise<void> {
  await page.goto(`${new URL(page.url()).origin}${prefix || ''}/?q=${cnk}`);
  const card = page.locator(`[data-testid="product-card"][data-cnk="${cnk}"]`);
  await card.locator('a.product-card__page').click({ timeout: 30_000 });
  const form = page.getByTestId('add-to-basket');
  await form.waitFor({ timeout: 30_000 });
  await page.locator('[data-testid="search-stage"][data-stage="complete"]').waitFor({ timeout: 30_000 });
  await page.getByTestId('add-to-basket-quantity').fill(String(quantity));
  await form.getByRole('button').click();
  await page.getByTestId('add-to-basket-status').locator('a').waitFor();
}

describe('basket', () => {
  const journey = useJourney({ env: { DEMO_LATENCY_MS: 'farmaline:50,medimarket:100,multipharma:150' } });

  for (const c of CASES) {
    it(`a basket of three products costs less split across two shops than at any single one (${c.lang})`, async () => {
      const { page, context, pageErrors } = await journey.open({ locale: c.browser });
      await page.goto(journey.url(c.prefix || '/'));
      await waitForServiceWorker(page);

      await addFromProductPage(page, c.prefix, IMODIUM, c.imodium);
      await addFromProductPage(page, c.prefix, METAGENICS, 1);
      await addFromProductPage(page, c.prefix, CAUDALIE, 1);
      await page.waitForFunction(
        () => document.querySelector('[data-testid="basket-count"]')?.textContent?.trim() === '3',
      );

      await page.getByTestId('basket-link').click();
      await page.waitForFunction((p) => location.pathname === `${p}/panier`, c.prefix);
      await page.getByTestId('basket-split-total').waitFor();
      expect(await page.getByTestId('basket-item').count()).toBe(3);
      expect(await page.getByTestId('basket-quantity').first().inputValue()).toBe(String(c.imodium));
      expect(
        await textOf(
          page,
          '[data-testid="basket-retailer"][data-retailer="farmaline"] [data-testid="basket-retailer-total"]',
        ),
      ).toBe(c.farmalineTotal);
      expect(await textOf(page, '[data-testid="basket-cheapest-single"]')).toBe(c.single);
      expect(await textOf(page, '[data-testid="basket-split-total"]')).toBe(c.split);
      expect(await textOf(page, '[data-testid="basket-split-saving"]')).toBe(c.saving);
      const parts = await page.$$eval('[data-testid="basket-split-part"]', (els) =>
        els.map((el) => el.getAttribute('data-retailer')),
      );
      expect(parts).toEqual(['farmaline', 'multipharma']);
      expect(
        await page.locator('[data-testid="basket-split-part"][data-retailer="multipharma"]').textContent(),
      ).toContain('Caudalie');
      await expectNoSeriousA11yViolations(page, `basket (${c.lang})`);

      // Offline: the basket reloads from IndexedDB with its stored prices (and their date) and terms.
      await context.setOffline(true);
      await page.reload();
      await page.getByTestId('basket-offline').waitFor();
      expect(await page.getByTestId('basket-offline').textContent()).toContain(c.offline);
      await page.getByTestId('basket-split-total').waitFor();
      expect(await textOf(page, '[data-testid="basket-split-total"]')).toBe(c.split);
      expect(await page.getByTestId('basket-item-age').count()).toBe(3);
      await context.setOffline(false);

      // Removing a product recomputes the totals and the count.
      await page.getByTestId('basket-item').last().getByRole('button').click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="basket-item"]').length === 2);
      await page.waitForFunction(
        () => document.querySelector('[data-testid="basket-count"]')?.textContent?.trim() === '2',
      );
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }
});
