import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { screenshot } from '../support/harness';
import { useJourney } from '../support/journey';
import { registerAndVerify } from '../support/register';

const VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

// The plain-layout pages /update and /promo on the built app and the real server in demo mode: the
// promotion code typed on /promo reaches the local Stripe look-alike's hosted checkout.
describe('update and promo pages', () => {
  const journey = useJourney({ locale: 'fr-BE' });

  const go = (page: Page, path: string) => page.goto(journey.url(path));
  const field = (page: Page, name: string) => page.locator(`input[name="${name}"]`);

  /** A free account, registered through the form at `path` and verified with the mailed code. */
  async function register(page: Page, path: string, email: string) {
    await registerAndVerify(page, journey.app, journey.url(path), { email, password: 'un mot de passe solide' });
    await page.waitForFunction(() => !location.pathname.endsWith('/verify-otp'));
  }

  it.each([
    ['fr', '/update', 'Vous utilisez la version', 'Nouveautés'],
    ['en', '/en/update', 'You are using version', 'What changed'],
  ] as const)('%s: /update shows the version of the build and what changed', async (lang, path, current, changes) => {
    const { page, pageErrors } = await journey.open({ locale: lang === 'fr' ? 'fr-BE' : 'en-GB' });
    await go(page, path);
    await page.getByTestId('app-version').waitFor();
    expect(await page.getByTestId('app-version').textContent()).toBe(VERSION);
    expect(await page.locator('main').textContent()).toContain(current);
    expect(await page.getByRole('heading', { level: 2 }).first().textContent()).toBe(changes);
    expect(await page.locator('[data-testid^="release-"] li').count()).toBeGreaterThan(0);
    // Plain layout: the brand bar, no navbar.
    expect(await page.locator('.plain-header').count()).toBe(1);
    await expectNoSeriousA11yViolations(page, `update ${lang}`);
    await screenshot(page, `update-${lang}`);
    expect(pageErrors).toEqual([]);
  });

  it('fr: a refused code is said in French; the code of the link reaches the checkout and its discount', async () => {
    const { page, pageErrors } = await journey.open();
    await register(page, '/register', 'promo.fr@example.be');
    await go(page, '/promo');
    await field(page, 'promotion_code').fill('INCONNU-2026');
    await page.getByTestId('promo-checkout').click();
    await page.getByText('Ce code promotionnel n’est pas valable.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/promo');
    await expectNoSeriousA11yViolations(page, 'promo fr, refused code');

    await go(page, '/promo?code=pharma20');
    expect(await field(page, 'promotion_code').inputValue()).toBe('pharma20');
    await page.getByTestId('promo-checkout').click();
    await page.waitForFunction(() => location.pathname.startsWith('/__demo/stripe/checkout/'));
    expect(await page.getByTestId('discount').textContent()).toMatch(
      /^Code PHARMA20 : −20 % sur la première facture, soit 24,00\s€ TVAC aujourd’hui\.$/,
    );
    await screenshot(page, 'promo-checkout-fr');
    expect(pageErrors).toEqual([]);
  });

  it('nl: a visitor logs in from /promo, comes back with the code, and pays with the discount', async () => {
    const setup = await journey.open({ locale: 'nl-BE' });
    await register(setup.page, '/nl/register', 'promo.nl@example.be');

    const { page, pageErrors } = await journey.open({ locale: 'nl-BE' });
    await go(page, '/nl/promo?code=PHARMA20');
    await page.getByRole('link', { name: 'Inloggen om te abonneren' }).click();
    await page.waitForFunction(() => location.pathname === '/nl/login');
    await field(page, 'email').fill('promo.nl@example.be');
    await field(page, 'password').fill('un mot de passe solide');
    await page.locator('button[type="submit"]').click();
    await page.waitForFunction(() => location.pathname === '/nl/promo');
    await page.getByTestId('promo-form').waitFor();
    expect(await field(page, 'promotion_code').inputValue()).toBe('PHARMA20');
    await expectNoSeriousA11yViolations(page, 'promo nl');
    await page.getByTestId('promo-checkout').click();
    await page.waitForFunction(() => location.pathname.startsWith('/__demo/stripe/checkout/'));
    expect(await page.getByTestId('discount').textContent()).toMatch(/^Code PHARMA20: −20% op de eerste factuur/);
    await field(page, 'card').fill('4242 4242 4242 4242');
    await field(page, 'expiry').fill('12/34');
    await field(page, 'cvc').fill('123');
    await page.locator('button[type="submit"]').click();
    await page.waitForFunction(() => location.pathname === '/nl/congrats');
    await page.locator('[data-testid="congrats"][data-phase="ok"]').waitFor();
    expect(pageErrors).toEqual([]);
  });
});
