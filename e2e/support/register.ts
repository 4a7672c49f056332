import type { Page } from 'playwright-core';
import type { AppHandle } from './harness';

/** What a journey's visitor types into the registration form. */
export interface Registration {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  pharmacist?: 'yes' | 'no';
}

/** The 6-digit code of the verification mail the app wrote for `email`. */
export async function mailedCode(app: AppHandle, email: string): Promise<string> {
  const mail = await app.waitForMail((m) => m.to.includes(email) && /\b\d{6}\b/.test(m.text));
  const code = /(?<!\d)(\d{6})(?!\d)/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in the verification mail to ${email}`);
  return code;
}

/**
 * Registers through the form at `url` (a register page, with its language prefix and any ?plan=)
 * and sends the mailed code, as a visitor does. Where the app goes next is the journey's to wait for.
 */
export async function registerAndVerify(page: Page, app: AppHandle, url: string, who: Registration): Promise<void> {
  const field = (name: string) => page.locator(`input[name="${name}"]`);
  await page.goto(url);
  await field('first_name').fill(who.firstName ?? 'Anne');
  await field('last_name').fill(who.lastName ?? 'Dupont');
  await field('email').fill(who.email);
  await field('password').fill(who.password);
  await field('password_confirm').fill(who.password);
  await page.locator(`input[name="is_pharmacist"][value="${who.pharmacist ?? 'yes'}"]`).check();
  await field('accept_terms').check();
  await page.locator('button[type="submit"]').click();
  await page.waitForFunction(() => location.pathname.endsWith('/verify-otp'));
  await field('code').fill(await mailedCode(app, who.email));
  await page.locator('button[type="submit"]').click();
}
