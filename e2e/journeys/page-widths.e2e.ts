import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousA11yViolations, type A11yViolation } from '../support/a11y';
import { QUICK_SHOPS, screenshot, waitForApp } from '../support/harness';
import { useJourney } from '../support/journey';
import { registerProUser } from '../support/pro';

// Phones: no page may scroll sideways on a 360 or 390 px phone, in any language, and
// axe finds nothing serious on any of them. One browser; one context per language walks every page as a
// visitor, then as a signed-in user. Every finding is collected and the test fails once at the end, so
// one run lists all there is to fix.

const WIDTHS = [360, 390] as const;
const IMODIUM = '3838091';
const METAGENICS = '3294469';
const CAUDALIE = '1249705';

const LANGS = [
  { lang: 'fr', prefix: '', browser: 'fr-BE', plans: '/offers', wall: '/pro' },
  { lang: 'nl', prefix: '/nl', browser: 'nl-BE', plans: '/pro', wall: '/nego' },
  { lang: 'en', prefix: '/en', browser: 'en-GB', plans: '/pro', wall: '/nego' },
] as const;

interface Overflow {
  width: number;
  scrollWidth: number;
  /** The widest elements past the right edge, to say what to fix. */
  culprits: string[];
}

/** The page's width against the window's at each phone width; null when nothing scrolls sideways. */
async function overflowAt(page: Page, width: number): Promise<Overflow | null> {
  await page.setViewportSize({ width, height: 780 });
  await page.waitForTimeout(50);
  // A phone widens its layout viewport to fit a too-wide page (window.innerWidth grows with it), so
  // the page is measured against the phone's own width as well.
  return page.evaluate((device) => {
    const root = document.documentElement;
    const limit = Math.min(window.innerWidth, device);
    if (root.scrollWidth <= limit) return null;
    const culprits = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > limit + 0.5)
      .slice(-6)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0] ?? ''}`);
    return { width: limit, scrollWidth: root.scrollWidth, culprits };
  }, width);
}

async function addToBasket(page: Page, base: string, cnk: string): Promise<void> {
  await page.goto(`${base}/?q=${cnk}`);
  const card = page.locator(`[data-testid="product-card"][data-cnk="${cnk}"]`);
  await card.locator('a.product-card__page').click({ timeout: 30_000 });
  const form = page.getByTestId('add-to-basket');
  await form.waitFor({ timeout: 30_000 });
  await page.locator('[data-testid="search-stage"][data-stage="complete"]').waitFor({ timeout: 30_000 });
  await form.getByRole('button').click();
  await page.getByTestId('add-to-basket-status').locator('a').waitFor();
}

describe('page widths on phones', () => {
  // Pages are measured once the shops have answered; how long they take is the search journey's.
  const journey = useJourney({ viewport: { width: 390, height: 780 }, env: QUICK_SHOPS });

  for (const l of LANGS) {
    it(`every page fits 360 and 390 px (${l.lang})`, async () => {
      const { page, pageErrors } = await journey.open({ locale: l.browser });
      const base = journey.url(l.prefix);
      const wide: string[] = [];
      const axe: { page: string; violations: A11yViolation[] }[] = [];
      const measure = async (name: string) => {
        for (const width of WIDTHS) {
          const over = await overflowAt(page, width);
          if (over) wide.push(`${name} at ${width}: ${over.scrollWidth} px (${over.culprits.join(', ')})`);
        }
        // Once per page, at the last (390 px) width.
        const violations = await seriousA11yViolations(page);
        if (violations.length > 0) axe.push({ page: `${l.lang} ${name}`, violations });
      };
      const check = async (name: string, path: string, ready: string) => {
        await page.goto(`${base}${path}`);
        await waitForApp(page);
        await page.locator(ready).first().waitFor({ timeout: 30_000 });
        await measure(name);
      };

      // A visitor.
      await check('home', '/', 'main');
      await check('search results', `/?q=${IMODIUM}`, '[data-testid="product-card"]');
      await page.locator('a.product-card__page').first().click();
      await page.getByTestId('add-to-basket').waitFor({ timeout: 30_000 });
      await measure('product');
      for (const cnk of [IMODIUM, METAGENICS, CAUDALIE]) await addToBasket(page, base, cnk);
      await check('basket', '/panier', '[data-testid="basket-split-total"]');
      if (l.lang === 'fr') {
        await page.setViewportSize({ width: 360, height: 780 });
        await screenshot(page, 'page-widths-basket-fr-360');
      }
      await check('pharmacies', '/pharmacies', 'main h1');
      for (const info of ['/about', '/legal', '/privacy', '/faq', '/contact']) await check(info, info, 'main h1');
      await check('login', '/login', 'input[name="email"]');
      await check('register', '/register', 'input[name="email"]');
      await check('plans', l.plans, '[data-testid="plan-pro"]');
      await check('Pro wall', l.wall, 'main h1');
      await check('admin', '/admin', 'main h1');
      await check('404', '/no-such-page', 'main h1');

      // Signed in.
      await registerProUser(journey.app, page, `widths.${l.lang}@example.be`, l.prefix);
      await check('account', '/compte', '[data-testid="subscription-section"]');
      await check('subscription', '/subscription', '[data-testid="subscription-page"]');

      expect(wide).toEqual([]);
      expect(axe).toEqual([]);
      expect(pageErrors).toEqual([]);
    }, 420_000);
  }
});

/** Every price drawn higher than one line of its own text, by what it says and how tall it is. */
function pricesOverOneLine(page: Page): Promise<string[]> {
  return page.$$eval('[data-price]', (prices) =>
    prices
      .filter((el) => {
        const box = el.getBoundingClientRect();
        const line = parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.5;
        return box.width > 0 && box.height > line * 1.5;
      })
      .map((el) => `${el.textContent} (${Math.round(el.getBoundingClientRect().height)} px)`),
  );
}

describe('a 360 px phone reads prices, the basket and the search at a glance', () => {
  const journey = useJourney({ viewport: { width: 360, height: 780 }, env: QUICK_SHOPS });

  for (const l of LANGS) {
    it(`no price spans two lines, the basket is one card per shop, the brand is whole, the finished search is one line (${l.lang})`, async () => {
      const { page, pageErrors } = await journey.open({ locale: l.browser });
      const base = journey.url(l.prefix);

      await page.goto(`${base}/`);
      await waitForApp(page);
      const brand = page.locator('.home-header__brand span');
      await brand.waitFor();
      expect(await brand.evaluate((el) => [el.textContent, el.scrollWidth <= el.clientWidth])).toEqual([
        'PharmaRadar',
        true,
      ]);

      await page.goto(`${base}/?q=${IMODIUM}`);
      await page.locator('[data-testid="search-stage"][data-stage="complete"]').waitFor({ timeout: 30_000 });
      const progress = page.locator('.search-progress__summary');
      const oneLine = await progress.evaluate((el) => {
        const line = parseFloat(getComputedStyle(el).lineHeight) || 24;
        return el.getBoundingClientRect().height < line * 1.5;
      });
      expect(oneLine).toBe(true);
      // The folded line takes the width it is given: a long language's line never widens the page.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      expect(await page.locator('[data-testid="retailer-status"]').first().isVisible()).toBe(false);
      expect(await pricesOverOneLine(page)).toEqual([]);

      for (const cnk of [IMODIUM, METAGENICS, CAUDALIE]) await addToBasket(page, base, cnk);
      expect(await pricesOverOneLine(page)).toEqual([]);
      // The product's name takes at most two lines.
      const titleLines = await page
        .locator('.product-page__title')
        .evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
      expect(titleLines).toBeLessThanOrEqual(2);
      await page.goto(`${base}/panier`);
      await page.getByTestId('basket-split-total').waitFor({ timeout: 30_000 });
      // Cards: the header row is hidden, each shop's row a box as wide as the list.
      expect(await page.locator('.basket-plan__table thead').evaluate((el) => el.getBoundingClientRect().height)).toBe(
        1,
      );
      const cards = await page.$$eval('[data-testid="basket-retailer"]', (rows) =>
        rows.map((row) => ({ display: getComputedStyle(row).display, width: row.getBoundingClientRect().width })),
      );
      expect(cards.length).toBeGreaterThan(1);
      expect(cards.every((c) => c.display === 'grid' && c.width > 280)).toBe(true);
      expect(await page.locator('.basket-plan__label').first().isVisible()).toBe(true);
      expect(await pricesOverOneLine(page)).toEqual([]);
      await screenshot(page, `page-widths-basket-cards-${l.lang}-360`);

      // The counter tablet keeps the table.
      await page.setViewportSize({ width: 1180, height: 820 });
      expect(
        await page
          .locator('[data-testid="basket-retailer"]')
          .first()
          .evaluate((el) => getComputedStyle(el).display),
      ).toBe('table-row');
      expect(await page.locator('.basket-plan__table thead').isVisible()).toBe(true);
      expect(await page.locator('.basket-plan__label').first().isVisible()).toBe(false);
      expect(pageErrors).toEqual([]);
    }, 240_000);
  }
});
