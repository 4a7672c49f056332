import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { PHONE, screenshot } from '../support/harness';
import { useJourney } from '../support/journey';
import { mailedCode } from '../support/register';

// Accounts and sessions, end to end: the built app on the real server, mails read from the outbox,
// Google played by a local JWKS server and a routed GIS script (support/fakes/fake-google.ts).
describe('accounts and sessions', () => {
  const journey = useJourney({ google: true, locale: 'fr-BE' });

  /** A fresh browser (own cookies) whose GIS script is the local fake. */
  const open = (options: { credential?: string; oneTap?: boolean; phone?: boolean; locale?: string } = {}) => {
    const { phone, ...rest } = options;
    return journey.open({ ...rest, ...(phone ? { viewport: PHONE } : {}) });
  };

  const go = (page: Page, path: string) => page.goto(journey.url(path));
  const field = (page: Page, name: string) => page.locator(`input[name="${name}"]`);
  const alertText = async (page: Page) => (await page.locator('[role="alert"]').first().textContent())?.trim();
  const waitPath = (page: Page, path: string) => page.waitForFunction((p) => location.pathname === p, path);
  /** Pages are lazy chunks: the tab title is set once the page rendered. */
  const waitTitle = (page: Page, title: string) => page.waitForFunction((t) => document.title === t, title);
  /** What the fake GIS script counted in this page (support/fakes/fake-google.ts); zeros when never loaded. */
  const fakeGis = (page: Page) =>
    page.evaluate(() => {
      const counts = (window as unknown as { __fakeGis?: { prompts: number; cancels: number } }).__fakeGis;
      return { loaded: Boolean(counts), prompts: counts?.prompts ?? 0, cancels: counts?.cancels ?? 0 };
    });

  async function login(page: Page, email: string, password: string, from = '') {
    await go(page, `/login${from ? `?from=${from}` : ''}`);
    await field(page, 'email').fill(email);
    await field(page, 'password').fill(password);
    await page.locator('button[type="submit"]').click();
  }

  const codeFor = (email: string) => mailedCode(journey.app, email);
  /** The Google user who signs up on the login page, then deletes his Google-only account. */
  const JAN = { sub: 'google-sub-jan', email: 'jan.peeters@gmail.com', given_name: 'Jan', family_name: 'Peeters' };

  const anne = {
    email: 'anne.dupont@example.be',
    password: 'un mot de passe solide',
    newPassword: 'nouveau secret 2026',
  };

  it('registers (fr), reads the code from the mail, verifies and is signed in', async () => {
    const { page, pageErrors } = await open();
    await go(page, '/register');
    await waitTitle(page, 'Créer un compte · PharmaRadar');
    await page.locator('button[type="submit"]').click();
    expect(await alertText(page)).toBe('Veuillez remplir tous les champs obligatoires.');
    // Every problem at once, each under its field; the summary is on screen and the first field has focus.
    expect(await page.locator('.auth-field__error').allTextContents()).toEqual([
      'Ce champ est obligatoire.',
      'Ce champ est obligatoire.',
      'Ce champ est obligatoire.',
      'Ce champ est obligatoire.',
      'Ce champ est obligatoire.',
      'Veuillez indiquer si vous êtes pharmacien·ne.',
      'Vous devez accepter les conditions d’utilisation.',
    ]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('first_name');
    const summary = await page.locator('[role="alert"]').first().boundingBox();
    expect(summary && summary.y + summary.height <= (page.viewportSize()?.height ?? 0)).toBe(true);
    await expectNoSeriousA11yViolations(page, 'register with errors');
    await screenshot(page, 'auth-register-errors-fr');

    await field(page, 'first_name').fill('Anne');
    await field(page, 'last_name').fill('Dupont');
    await field(page, 'email').fill(anne.email);
    await field(page, 'password').fill(anne.password);
    await field(page, 'password_confirm').fill(anne.password);
    await page.locator('input[name="is_pharmacist"][value="yes"]').check();
    await field(page, 'accept_terms').check();
    await screenshot(page, 'auth-register-fr');
    await page.locator('button[type="submit"]').click();

    await waitPath(page, '/verify-otp');
    await page.getByText(anne.email).waitFor();
    // A reload keeps the address (sessionStorage).
    await page.reload();
    await page.getByText(anne.email).waitFor();
    await field(page, 'code').fill('000000');
    await page.locator('button[type="submit"]').click();
    await page.getByText('Code invalide ou expiré.').waitFor();
    await expectNoSeriousA11yViolations(page, 'verify-otp with an error');
    await screenshot(page, 'auth-verify-fr');

    await field(page, 'code').fill(await codeFor(anne.email));
    await page.locator('button[type="submit"]').click();
    await waitPath(page, '/');
    await go(page, '/about');
    await page.getByTestId('avatar').waitFor();
    expect(await page.getByTestId('avatar').textContent()).toBe('A');
    await expectNoSeriousA11yViolations(page, 'signed in');
    expect(await page.evaluate(() => fetch('/api/auth/me/').then((r) => r.json()))).toMatchObject({
      user: { email: anne.email, is_pharmacist: true },
    });
    expect(pageErrors).toEqual([]);
  });

  it('activates an account (en, phone) with the link of the verification mail', async () => {
    const { page, pageErrors } = await open({ phone: true, locale: 'en-GB' });
    const email = 'pieter.claes@example.be';
    await go(page, '/en/register');
    await field(page, 'first_name').fill('Pieter');
    await field(page, 'last_name').fill('Claes');
    await field(page, 'email').fill(email);
    await field(page, 'password').fill('a long passphrase');
    await field(page, 'password_confirm').fill('a long passphrase');
    await page.locator('input[name="is_pharmacist"][value="no"]').check();
    await field(page, 'accept_terms').check();
    await screenshot(page, 'auth-register-en-phone');
    await page.locator('button[type="submit"]').click();
    await waitPath(page, '/en/verify-otp');
    expect(await page.getByTestId('resend').isDisabled()).toBe(true);

    const mail = await journey.app.waitForMail((m) => m.to.includes(email) && m.text.includes('/activate/'));
    const link = /(https?:\/\/\S+\/activate\/\S+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    await page.goto(link!);
    await page.getByText('Account activated').waitFor();
    await expectNoSeriousA11yViolations(page, 'account activated (phone)');
    await screenshot(page, 'auth-activated-en-phone');
    expect(await page.evaluate(() => fetch('/api/auth/me/').then((r) => r.json()))).toMatchObject({ user: { email } });
    // A link works once.
    await page.goto(link!);
    await page.getByText('Invalid or expired link. Please request a new activation email.').waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('edits the profile, logs out from the avatar menu and logs back in to ?from', async () => {
    const { page, pageErrors } = await open();
    await login(page, anne.email, 'wrong password');
    expect(await page.locator('[role="alert"]').first().textContent()).toBe('Identifiants invalides.');
    await expectNoSeriousA11yViolations(page, 'login with an error');

    await login(page, anne.email, anne.password, '/compte');
    await waitPath(page, '/compte');
    await page.getByTestId('avatar').waitFor();
    await waitTitle(page, 'Mon compte · PharmaRadar');
    expect(await page.getByTestId('profile-first-name').textContent()).toBe('Anne');
    await expectNoSeriousA11yViolations(page, 'account page');

    await page.getByRole('button', { name: 'Modifier' }).click();
    await field(page, 'first_name').waitFor();
    await expectNoSeriousA11yViolations(page, 'profile form');
    await field(page, 'first_name').fill('Annie');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Vos données ont été enregistrées.').waitFor();
    expect(await page.getByTestId('profile-first-name').textContent()).toBe('Annie');
    await page.reload();
    await page.getByTestId('profile-first-name').waitFor();
    expect(await page.getByTestId('profile-first-name').textContent()).toBe('Annie');
    await screenshot(page, 'auth-account-fr');

    await page.getByTestId('avatar').click();
    await page.getByTestId('user-menu').getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await page.getByTestId('nav-login').waitFor();
    await page.getByRole('heading', { name: 'Connexion requise' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'account page, signed out');
    expect(await page.evaluate(() => fetch('/api/auth/me/').then((r) => r.json()))).toEqual({ user: null });
    expect(pageErrors).toEqual([]);
  });

  it('resets a forgotten password (nl) through the mailed link, then logs in with it', async () => {
    const { page, pageErrors } = await open({ locale: 'nl-BE' });
    await go(page, '/nl/forgot-password');
    await field(page, 'email').fill('anne@');
    await page.locator('button[type="submit"]').click();
    expect(await alertText(page)).toBe('Ongeldig e-mailadres.');
    await expectNoSeriousA11yViolations(page, 'forgot-password with an error');
    await field(page, 'email').fill(anne.email);
    await page.locator('button[type="submit"]').click();
    await page.getByText('Controleer uw inbox').waitFor();
    await expectNoSeriousA11yViolations(page, 'forgot-password, mail sent');
    expect(await page.getByTestId('resend').isDisabled()).toBe(true);

    const mail = await journey.app.waitForMail((m) => m.to.includes(anne.email) && m.text.includes('/reset-password/'));
    const link = /(https?:\/\/\S+\/reset-password\/\S+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    await page.goto(link!);
    // The token leaves the address bar at once.
    await page.waitForFunction(() => location.pathname.endsWith('/set-password'));
    await field(page, 'new_password').fill('kort');
    await field(page, 'password_confirm').fill('kort');
    await page.locator('button[type="submit"]').click();
    expect(await alertText(page)).toBe('Wachtwoord te kort (min. 8 tekens).');
    await expectNoSeriousA11yViolations(page, 'set-password with an error');
    await field(page, 'new_password').fill(anne.newPassword);
    await field(page, 'password_confirm').fill(anne.newPassword);
    await page.locator('button[type="submit"]').click();
    await page.getByText('Wachtwoord gewijzigd').waitFor();

    // The link is single use, and the page says so as soon as it opens (no form to fill first).
    await page.goto(link!);
    await page.getByText('Verlopen of ongeldige link. Vraag een nieuwe aan.').waitFor();
    expect(await field(page, 'new_password').count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'reset link no longer valid');
    expect(await page.getByRole('link', { name: 'Nieuwe link aanvragen' }).getAttribute('href')).toBe(
      '/nl/forgot-password',
    );

    await go(page, '/nl/login');
    await field(page, 'email').fill(anne.email);
    await field(page, 'password').fill(anne.newPassword);
    await page.locator('button[type="submit"]').click();
    await waitPath(page, '/nl');
    await go(page, '/nl/about');
    await page.getByTestId('avatar').waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('signs up with Google on the login page (nl), asking the pharmacist question first', async () => {
    const credential = journey.google.idToken(JAN);
    const { page, pageErrors } = await open({ credential, locale: 'nl-BE' });
    await go(page, '/nl/login');
    await page.getByTestId('fake-google-button').waitFor();
    await waitTitle(page, 'Inloggen · PharmaRadar');
    // GIS is loaded here (for the button), yet One Tap is not offered on the login page.
    expect(await fakeGis(page)).toMatchObject({ loaded: true, prompts: 0 });
    // The pharmacist question is part of the Google block; the password form is e-mail + password only.
    const googleBlock = page.getByRole('group', { name: 'Om u met Google te registreren' });
    expect(await googleBlock.locator('input[name="is_pharmacist"]').count()).toBe(2);
    expect(await page.locator('form input[name="is_pharmacist"]').count()).toBe(0);
    await page.getByTestId('fake-google-button').click();
    expect(await alertText(page)).toBe('Geef aan of u apotheker bent.');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('is_pharmacist');
    await expectNoSeriousA11yViolations(page, 'login with the Google block');
    await screenshot(page, 'auth-login-google-nl');
    await page.locator('input[name="is_pharmacist"][value="no"]').check();
    await waitPath(page, '/nl');
    await go(page, '/nl/compte');
    await page.getByTestId('avatar').waitFor();
    expect(await page.getByTestId('profile-first-name').textContent()).toBe('Jan');
    expect(await page.getByTestId('profile-pharmacist').textContent()).toBe('Nee');
    // Signed in: One Tap is never offered.
    expect((await fakeGis(page)).prompts).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('offers One Tap to a visitor on /nl/about, never on the authentication screens, and cancels it there (nl)', async () => {
    const { page, pageErrors } = await open({ locale: 'nl-BE' });
    const authScreens = [
      '/nl/login',
      '/nl/register',
      '/nl/verify-otp',
      '/nl/forgot-password',
      '/nl/reset-password/MQ/mz8n1c-0a1b2c',
    ];
    for (const path of authScreens) {
      await go(page, path);
      // Booted (the navbar shows the login link) and every request settled: One Tap had its chance.
      await page.getByTestId('nav-login').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await fakeGis(page), path).toMatchObject({ prompts: 0 });
    }

    await go(page, '/nl/about');
    await page.waitForFunction(
      () => (window as unknown as { __fakeGis?: { prompts: number } }).__fakeGis?.prompts === 1,
    );
    // Moving to an authentication screen cancels the prompt on display, and they never prompt again.
    await page.getByTestId('nav-login').click();
    await waitPath(page, '/nl/login');
    await page.waitForFunction(
      () => ((window as unknown as { __fakeGis?: { cancels: number } }).__fakeGis?.cancels ?? 0) >= 1,
    );
    await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
    await waitPath(page, '/nl/forgot-password');
    await page.waitForLoadState('networkidle');
    expect(await fakeGis(page)).toMatchObject({ loaded: true, prompts: 1 });
    expect(pageErrors).toEqual([]);
  });

  it('signs in with One Tap (nl) and answers the blocking pharmacist gate once', async () => {
    const credential = journey.google.idToken({
      sub: 'google-sub-els',
      email: 'els.janssens@gmail.com',
      given_name: 'Els',
      family_name: 'Janssens',
    });
    const { page, pageErrors } = await open({ credential, oneTap: true, locale: 'nl-BE' });
    await go(page, '/nl/about');
    const gate = page.getByTestId('pharmacist-gate');
    await gate.waitFor();
    await page.getByTestId('avatar').waitFor({ state: 'attached' });
    expect(await gate.getAttribute('aria-modal')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="pharmacist-gate"]') !== null)).toBe(
      true,
    );
    await page.keyboard.press('Escape');
    expect(await gate.isVisible()).toBe(true);
    await gate.locator('button[type="submit"]').click();
    expect(await gate.locator('[role="alert"]').textContent()).toBe('Kies „Ja” of „Nee”.');
    await expectNoSeriousA11yViolations(page, 'pharmacist gate');
    await screenshot(page, 'auth-pharmacist-gate-nl');
    await gate.locator('input[name="is_pharmacist"][value="yes"]').check();
    await gate.locator('button[type="submit"]').click();
    await gate.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('avatar').waitFor();
    expect(await page.getByTestId('pharmacist-gate').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('deletes the account (fr): typed e-mail and acknowledgement, then anonymous on home', async () => {
    const { page, pageErrors } = await open();
    await login(page, anne.email, anne.newPassword, '/compte');
    await waitPath(page, '/compte');
    await page.getByTestId('account-delete').click();
    const dialog = page.getByTestId('delete-dialog');
    await dialog.waitFor();
    const confirm = page.getByTestId('delete-confirm');
    expect(await confirm.isDisabled()).toBe(true);
    await field(page, 'email_confirmation').fill('autre@example.be');
    await field(page, 'acknowledge').check();
    expect(await confirm.isDisabled()).toBe(true);
    await field(page, 'email_confirmation').fill(anne.email);
    // Re-authentication (docs/security.md#sessions): the password is asked again; a wrong one deletes nothing.
    expect(await confirm.isDisabled()).toBe(true);
    await field(page, 'password').fill('pas le bon mot de passe');
    expect(await confirm.isDisabled()).toBe(false);
    await expectNoSeriousA11yViolations(page, 'delete dialog');
    await screenshot(page, 'auth-delete-dialog-fr');
    await confirm.click();
    await dialog.getByText('Mot de passe incorrect.').waitFor();
    expect(await page.evaluate(() => fetch('/api/auth/me/').then((r) => r.json()))).toMatchObject({
      user: { email: anne.email },
    });
    await field(page, 'password').fill(anne.newPassword);
    await confirm.click();
    await waitPath(page, '/');
    await page.getByTestId('account-deleted').waitFor();
    expect(await page.evaluate(() => fetch('/api/auth/me/').then((r) => r.json()))).toEqual({ user: null });
    await expectNoSeriousA11yViolations(page, 'home after the account was deleted');

    await login(page, anne.email, anne.newPassword);
    expect(await page.locator('[role="alert"]').first().textContent()).toBe('Identifiants invalides.');
    expect(pageErrors).toEqual([]);
  });

  it('deletes a Google-only account (nl) right after a Google sign-in, without a password', async () => {
    const credential = journey.google.idToken(JAN);
    const { page, pageErrors } = await open({ credential, locale: 'nl-BE' });
    await go(page, '/nl/login?from=/nl/compte');
    await page.locator('input[name="is_pharmacist"][value="no"]').check();
    await page.getByTestId('fake-google-button').click();
    await waitPath(page, '/nl/compte');
    await page.getByTestId('account-delete').click();
    let dialog = page.getByTestId('delete-dialog');
    await dialog.waitFor();
    // The browser's own modal <dialog> (ADR 137): the page behind is inert, real Tab presses never
    // reach it (past the last control the focus may visit the browser's UI, then comes back in),
    // Escape closes the dialog and the focus goes back to the button that opened it.
    const modal = await page.evaluate(() => {
      const opener = document.querySelector<HTMLElement>('[data-testid="account-delete"]')!;
      opener.focus();
      return {
        modal: document.querySelector('[data-testid="delete-dialog"]')!.matches(':modal'),
        openerFocusable: document.activeElement === opener,
      };
    });
    expect(modal).toEqual({ modal: true, openerFocusable: false });
    const focusedOutside: string[] = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(i % 4 === 3 ? 'Shift+Tab' : 'Tab');
      const outside = await page.evaluate(() => {
        const active = document.activeElement;
        const inside = active === document.body || !!active?.closest('[data-testid="delete-dialog"]');
        return inside ? null : (active?.outerHTML.slice(0, 80) ?? 'none');
      });
      if (outside) focusedOutside.push(outside);
    }
    expect(focusedOutside).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('account-delete');
    await page.getByTestId('account-delete').click();
    dialog = page.getByTestId('delete-dialog');
    await dialog.waitFor();
    expect(await field(page, 'password').count()).toBe(0);
    await field(page, 'email_confirmation').fill('jan.peeters@gmail.com');
    await field(page, 'acknowledge').check();
    await page.getByTestId('delete-confirm').click();
    await waitPath(page, '/nl');
    await page.getByTestId('account-deleted').waitFor();
    expect(await page.evaluate(() => fetch('/api/auth/me/').then((r) => r.json()))).toEqual({ user: null });
    expect(pageErrors).toEqual([]);
  });
});
