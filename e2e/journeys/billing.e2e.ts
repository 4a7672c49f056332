import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { screenshot } from '../support/harness';
import { useJourney } from '../support/journey';
import { registerAndVerify } from '../support/register';

// Billing end to end: the built app on the real server in demo mode, so the official Stripe SDK talks
// to the local Stripe look-alike (server/src/demo/stripe), whose hosted checkout the browser fills in.
describe('billing', () => {
  const journey = useJourney({ locale: 'fr-BE' });

  const go = (page: Page, path: string) => page.goto(journey.url(path));
  const field = (page: Page, name: string) => page.locator(`input[name="${name}"]`);
  const waitPath = (page: Page, path: string) => page.waitForFunction((p) => location.pathname === p, path);
  const text = async (page: Page, testId: string) => (await page.getByTestId(testId).first().textContent())?.trim();

  /** Registers through the form at `path` and enters the mailed code. */
  async function register(page: Page, path: string, email: string) {
    await registerAndVerify(page, journey.app, journey.url(path), { email, password: 'un mot de passe solide' });
  }

  /** The look-alike's hosted checkout: the 4242 test card goes through without 3-D Secure. */
  async function payWithTestCard(page: Page) {
    await page.waitForFunction(() => location.pathname.startsWith('/__demo/stripe/checkout/'));
    await field(page, 'card').fill('4242 4242 4242 4242');
    await field(page, 'expiry').fill('12/34');
    await field(page, 'cvc').fill('123');
    await page.locator('button[type="submit"]').click();
  }

  it('fr: register, upgrade from the account, pay, congrats, Pro badge, cancel and resume', async () => {
    const { page, pageErrors } = await journey.open();
    await register(page, '/register', 'anne.pro@example.be');
    await waitPath(page, '/');
    await go(page, '/compte?highlight=pro');
    await page.getByTestId('account-upgrade').click();
    await payWithTestCard(page);

    await waitPath(page, '/fr/congrats');
    await page.locator('[data-testid="congrats"][data-phase="ok"]').waitFor();
    expect(await page.getByRole('status').first().textContent()).toContain('Votre compte est Pro.');
    expect(await text(page, 'plan-badge')).toBe('Pro');
    await expectNoSeriousA11yViolations(page, 'congrats');
    await screenshot(page, 'billing-congrats-fr');

    await go(page, '/subscription');
    expect(await page.getByTestId('subscription-status').textContent()).toBe('Actif');
    expect(await text(page, 'payment-method')).toMatch(/4242/);
    await page.getByRole('button', { name: 'Résilier' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    await page.getByTestId('cancel-scheduled').waitFor();
    expect(await page.getByTestId('subscription-status').textContent()).toBe('Résiliation prévue');
    await expectNoSeriousA11yViolations(page, 'subscription, cancel scheduled');
    // Still Pro until the end of the paid period.
    expect(await text(page, 'plan-badge')).toBe('Pro');
    await page.getByRole('button', { name: 'Reprendre l’abonnement' }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="subscription-status"]')?.textContent === 'Actif',
    );
    expect(await page.getByTestId('cancel-scheduled').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('nl: /register?plan=pro goes to the checkout once verified; no ads for Pro; cancel and resume', async () => {
    const { page, pageErrors } = await journey.open({ locale: 'nl-BE' });
    await register(page, '/nl/register?plan=pro', 'jan.pro@example.be');
    await payWithTestCard(page);
    await waitPath(page, '/nl/congrats');
    await page.locator('[data-testid="congrats"][data-phase="ok"]').waitFor();
    expect(await text(page, 'plan-badge')).toBe('Pro');

    await go(page, '/nl');
    expect(await text(page, 'home-plan-badge')).toBe('Pro');
    expect(await page.getByTestId('ad-slot').count()).toBe(0);
    await go(page, '/nl/nego');
    // Past the wall: the Pro tool's route itself (built elsewhere) is what shows.
    await page.waitForFunction(() => !document.querySelector('[data-testid="pro-wall-booting"]'));
    expect(await page.getByTestId('pro-wall-marketing').count()).toBe(0);
    expect(await page.getByTestId('pro-wall-needed').count()).toBe(0);

    await go(page, '/nl/subscription');
    expect(await page.getByTestId('subscription-status').textContent()).toBe('Actief');
    await page.getByRole('button', { name: 'Opzeggen' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.textContent()).toContain('U behoudt Pro tot het einde van de betaalde periode.');
    await dialog.getByRole('button', { name: 'Bevestigen' }).click();
    await page.getByTestId('cancel-scheduled').waitFor();
    expect(await page.getByTestId('subscription-status').textContent()).toBe('Opzegging gepland');
    expect(await text(page, 'cancel-scheduled')).toMatch(/^Opzegging gepland: Pro blijft actief tot /);
    // Still Pro until the end of the paid period, still no ads.
    expect(await text(page, 'plan-badge')).toBe('Pro');
    await page.getByRole('button', { name: 'Abonnement hervatten' }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="subscription-status"]')?.textContent === 'Actief',
    );
    expect(await page.getByTestId('cancel-scheduled').count()).toBe(0);
    expect(await text(page, 'plan-badge')).toBe('Pro');
    expect(pageErrors).toEqual([]);
  });

  it('a visitor meets the marketing wall, logs in from it and, still free, meets Pro needed', async () => {
    const setup = await journey.open();
    await register(setup.page, '/register', 'free.user@example.be');
    await waitPath(setup.page, '/');
    // A free user sees the house ad (the Pro journey above checks it is gone for Pro).
    await setup.page.getByTestId('ad-slot').waitFor();

    const { page, pageErrors } = await journey.open();
    await go(page, '/pro');
    const wall = page.getByTestId('pro-wall-marketing');
    await wall.waitFor();
    expect(await wall.getByRole('link', { name: 'Passer à Pro', exact: true }).getAttribute('href')).toBe(
      '/register?plan=pro',
    );
    expect(
      await wall.getByRole('link', { name: 'Déjà inscrit ? Passer à Pro depuis mon compte' }).getAttribute('href'),
    ).toBe('/compte?highlight=pro');
    await page.getByTestId('plans-table').waitFor();
    await expectNoSeriousA11yViolations(page, 'Pro wall, visitor');
    await screenshot(page, 'billing-wall-visitor-fr');

    await wall.getByRole('link', { name: 'Se connecter' }).click();
    await waitPath(page, '/login');
    await field(page, 'email').fill('free.user@example.be');
    await field(page, 'password').fill('un mot de passe solide');
    await page.locator('button[type="submit"]').click();
    await waitPath(page, '/pro');
    const needed = page.getByTestId('pro-wall-needed');
    await needed.waitFor();
    expect(await needed.getByRole('link', { name: 'Passer à Pro', exact: true }).getAttribute('href')).toBe(
      '/compte?highlight=pro',
    );
    expect(await needed.getByRole('link', { name: 'En savoir plus' }).getAttribute('href')).toBe('/offers');
    await expectNoSeriousA11yViolations(page, 'Pro wall, free user');
    expect(pageErrors).toEqual([]);
  });
});
