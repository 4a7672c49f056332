import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, waitForApp, watchSearches } from '../support/harness';
import { useJourney } from '../support/journey';

// ADR 167, as a new visitor on a phone: Enter on the drawn home page before the
// app has taken it over shows the search in place, each shop as it answers, the first price scrolled
// into view; the app takes over later with that answer, without searching again. A cold product page
// shows each shop as it answers, its prices before the long text, and nothing jumps. The takeover is
// no navigation (ADR 213): whatever the page, what the visitor was looking at stays on screen.
describe('the first search and the first product page, before the app', () => {
  const journey = useJourney({
    viewport: PHONE,
    env: { DEMO_LATENCY_MS: 'farmaline:300,medimarket:1500,multipharma:2500' },
  });

  it('Enter on the drawn home page: results in place as each shop answers, then the app takes over without asking again', async () => {
    const { page, context, pageErrors } = await journey.open();
    const searches = watchSearches(page);
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
    await page.goto(journey.url('/en'));
    expect(await page.locator('#root[data-first-screen="home"]').count()).toBe(1);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByTestId('search-input').click();
    await page.keyboard.type('dafalgan', { delay: 50 });
    await page.keyboard.press('Enter');

    // The first shop's prices, drawn in the page the visitor typed in, before the slowest shop answered.
    const firstPrice = page.getByTestId('offer-price').first();
    await firstPrice.waitFor({ timeout: 10_000 });
    expect(await page.locator('[data-testid="retailer-status"][data-status="waiting"]').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(new URL(page.url()).searchParams.get('q')).toBe('dafalgan');
    await expect.poll(() => firstPrice.evaluate((el) => el.getBoundingClientRect().bottom <= innerHeight)).toBe(true);

    // The app takes over (after the typing pause, in idle time), with the same answer.
    await page.locator('[data-testid="search-stage"][data-stage="complete"]').waitFor({ timeout: 15_000 });
    await page.locator('#root:not([data-first-screen])').waitFor({ state: 'attached', timeout: 20_000 });
    await page.getByTestId('offer-price').first().waitFor();
    await page.waitForTimeout(500);
    expect(searches).toEqual(['/api/first-screen/search/']);
    // ICU's data was loaded on a worker of its own, which has ended (ADR 184).
    expect(workers.filter((path) => /\/warm-intl\.worker-[\w-]+\.js$/.test(path))).toHaveLength(1);
    expect(page.workers().filter((worker) => worker.url().includes('warm-intl'))).toEqual([]);
    expect(await page.getByTestId('search-input').inputValue()).toBe('dafalgan');
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a cold product page: each shop as it answers, prices before the long text, nothing jumps', async () => {
    const { page, context, pageErrors } = await journey.open();
    const catalogue = await fetch(journey.url('/api/search/?q=ibuprofen'), { headers: { accept: 'application/json' } });
    const { products } = (await catalogue.json()) as { products: { slug: string | null; cnk: string | null }[] };
    // A search by name asks the shops for the name: the product's own CNK is still not cached.
    const slug = products.find((p) => p.slug)!.slug!;
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(journey.url(`/en/${slug}`));
    await page.getByTestId('offer-price').first().waitFor({ timeout: 10_000 });
    // The first shop is there while another is still asked: not all at once after the slowest.
    expect(await page.locator('[data-testid="retailer-status"][data-status="waiting"]').count()).toBeGreaterThan(0);
    expect(await page.locator('#root[data-first-screen="product"]').count()).toBe(1);
    // The first answer is in the phone's first screen: the best price so far, among the product's facts.
    const best = page.locator('.product-page__facts [data-testid="best-price"]');
    await expect.poll(() => best.evaluate((el) => el.getBoundingClientRect().bottom <= innerHeight)).toBe(true);
    expect(await best.textContent()).toMatch(/\d[,.]\d\d/);
    await page.getByTestId('add-to-basket').waitFor({ timeout: 15_000 });
    const shift = await page.evaluate(() => (window as { shifts?: number[] }).shifts!.reduce((a, b) => a + b, 0));
    expect(shift).toBeLessThan(0.1);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  // The smallest phone the product is held to.
  const SMALL_PHONE = { width: 360, height: 740 } as const;
  const priceInView = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="offer-price"], [data-testid="best-price"]')].some((price) => {
        const box = price.getBoundingClientRect();
        return box.height > 0 && box.top >= 0 && box.bottom <= innerHeight;
      }),
    );
  const tookOver = (page: Page) =>
    page.locator('#root:not([data-first-screen])').waitFor({ state: 'attached', timeout: 20_000 });

  it('Enter on the drawn home page at 360 px: the app takes over where the visitor is, the price in view, the words and focus kept', async () => {
    const { page, context, pageErrors } = await journey.open({ viewport: SMALL_PHONE });
    await page.goto(journey.url('/fr'));
    expect(await page.locator('#root[data-first-screen="home"]').count()).toBe(1);
    await page.getByTestId('search-input').click();
    await page.keyboard.type('dafalgan', { delay: 50 });
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="search-stage"][data-stage="complete"]').waitFor({ timeout: 15_000 });
    await tookOver(page);
    // Well after the takeover's first render and its effects: nothing scrolls the page from here on.
    await page.waitForTimeout(1500);
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(0);
    expect(await priceInView(page)).toBe(true);
    const focused = await page.evaluate(() => {
      const active = document.activeElement;
      return active instanceof HTMLInputElement ? { testId: active.dataset['testid'], value: active.value } : null;
    });
    expect(focused).toEqual({ testId: 'search-input', value: 'dafalgan' });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a search address drawn by the server, scrolled to a price: the takeover keeps it there', async () => {
    const { page, context, pageErrors } = await journey.open({ viewport: SMALL_PHONE, locale: 'nl-BE' });
    await page.goto(journey.url('/nl?q=dafalgan'));
    const price = page.getByTestId('offer-price').first();
    await price.waitFor({ timeout: 15_000 });
    expect(await page.locator('#root[data-first-screen]').count()).toBe(1);
    // The visitor scrolls (no touch, no key: the app has not started).
    await price.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const scrolled = await page.evaluate(() => scrollY);
    expect(scrolled).toBeGreaterThan(0);
    await waitForApp(page);
    await page.waitForTimeout(1500);
    expect(Math.abs((await page.evaluate(() => scrollY)) - scrolled)).toBeLessThanOrEqual(2);
    expect(await priceInView(page)).toBe(true);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a drawn product page scrolled down keeps its place when the app takes over; a link then opens the next page at its top', async () => {
    const { page, context, pageErrors } = await journey.open({ viewport: SMALL_PHONE, locale: 'nl-BE' });
    const catalogue = await fetch(journey.url('/api/search/?q=dafalgan'), { headers: { accept: 'application/json' } });
    const { products } = (await catalogue.json()) as { products: { slug: string | null }[] };
    await page.goto(journey.url(`/nl/${products.find((p) => p.slug)!.slug!}`));
    expect(await page.locator('#root[data-first-screen="product"]').count()).toBe(1);
    await page.getByTestId('add-to-basket').waitFor({ timeout: 15_000 });
    // Every shop has answered: the drawn page itself changes no more.
    await expect.poll(() => page.locator('[data-testid="retailer-status"][data-status="waiting"]').count()).toBe(0);
    await page.evaluate(() => scrollTo(0, 400));
    const scrolled = await page.evaluate(() => scrollY);
    expect(scrolled).toBeGreaterThan(0);
    await waitForApp(page);
    await page.waitForTimeout(1500);
    expect(Math.abs((await page.evaluate(() => scrollY)) - scrolled)).toBeLessThanOrEqual(2);

    // A real navigation after the takeover still starts the next page at its top.
    await page.locator('footer a[href="/nl/about"]').click();
    await page.waitForURL(/\/nl\/about$/);
    await expect.poll(() => page.evaluate(() => scrollY)).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
