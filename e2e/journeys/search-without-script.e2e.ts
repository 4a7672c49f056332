import { describe, expect, it } from 'vitest';
import { PHONE, watchSearches } from '../support/harness';
import { useJourney } from '../support/journey';
import { seriousA11yViolations } from '../support/a11y';

// ADR 180: a browser without JavaScript submits the home page's
// plain form and gets the results drawn by the server, every shop's prices, with links to the product
// pages; with JavaScript, the same address is taken over by the app without searching again.
describe('a search address drawn by the server', () => {
  const journey = useJourney({ viewport: PHONE });
  const SHOPS = ['farmaline', 'medimarket', 'multipharma'];

  it('without JavaScript: the form, every shop’s prices drawn, a result link to its product page', async () => {
    const context = await journey.browser.newContext({
      javaScriptEnabled: false,
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      locale: 'fr-BE',
    });
    const page = await context.newPage();
    await page.goto(journey.url('/fr'));
    await page.getByTestId('search-input').fill('dafalgan');
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('q') === 'dafalgan'),
      page.keyboard.press('Enter'),
    ]);
    // The plain form's address: the results, which the browser scrolls into view itself.
    const address = new URL(page.url());
    expect(`${address.pathname}${address.hash}`).toBe('/fr#results');
    expect(await page.getByTestId('search-input').inputValue()).toBe('dafalgan');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');

    // Every demo shop's prices, in the page the server sent (no script ran to put them there).
    const results = page.getByTestId('search-results');
    const shops = await results
      .locator('[data-testid="offer"]')
      .evaluateAll((offers) => [...new Set(offers.map((offer) => offer.getAttribute('data-retailer')))]);
    expect(shops.sort()).toEqual(SHOPS);
    expect(await results.getByTestId('offer-price').first().textContent()).toMatch(/\d,\d\d/);
    expect(await page.locator('script#first-screen-search').count()).toBe(1);
    const firstPrice = results.getByTestId('offer-price').first();
    expect(await firstPrice.evaluate((el) => el.getBoundingClientRect().bottom <= innerHeight)).toBe(true);

    // A result's link: its product page, drawn by the server too.
    const link = results.locator('a.product-card__page').first();
    const href = (await link.getAttribute('href'))!;
    await Promise.all([page.waitForURL((url) => url.pathname === href), link.click()]);
    expect(await page.locator('#root[data-first-screen="product"]').count()).toBe(1);
    expect(await page.locator('h1').first().textContent()).toMatch(/dafalgan/i);
    await context.close();

    // axe runs its own script in the page: the same page, with the page's scripts refused instead.
    const checked = await journey.open();
    await checked.context.route('**/*.js', (route) => route.abort());
    await checked.page.goto(address.href);
    await checked.page.getByTestId('offer-price').first().waitFor();
    expect(await checked.page.locator('#root[data-first-screen="home"]').count()).toBe(1);
    expect(await seriousA11yViolations(checked.page)).toEqual([]);
    await checked.context.close();
  });

  it('with JavaScript: the app takes the drawn results over without searching again, prices in view', async () => {
    const { page, context, pageErrors } = await journey.open();
    const searches = watchSearches(page);
    // The address the plain form goes to (the journey above).
    await page.goto(journey.url('/fr?q=dafalgan#results'));
    const firstPrice = page.getByTestId('offer-price').first();
    await firstPrice.waitFor();
    // The app, started by the visitor's first key (ADR 120), takes the page over with the drawn result.
    await page.keyboard.press('Shift');
    await page.locator('#root:not([data-first-screen])').waitFor({ state: 'attached', timeout: 20_000 });
    await page.getByTestId('offer-price').first().waitFor();
    await page.waitForTimeout(500);
    expect(searches).toEqual([]);
    expect(await page.getByTestId('search-input').inputValue()).toBe('dafalgan');
    const shops = await page
      .locator('[data-testid="offer"]')
      .evaluateAll((offers) => [...new Set(offers.map((offer) => offer.getAttribute('data-retailer')))]);
    expect(shops.sort()).toEqual(SHOPS);
    await expect
      .poll(() =>
        page
          .getByTestId('offer-price')
          .first()
          .evaluate((el) => el.getBoundingClientRect().bottom <= innerHeight),
      )
      .toBe(true);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
