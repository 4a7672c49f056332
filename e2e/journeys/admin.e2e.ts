import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { ROOT, screenshot } from '../support/harness';
import { useJourney } from '../support/journey';
import { registerAndVerify } from '../support/register';

const run = promisify(execFile);

// The staff admin: a visitor and a signed-in user get the 404 page at /admin; the first staff account
// comes from `npm run staff`; staff give a user Ultra until a date, and that user's next page load
// shows the Ultra badge.
describe('admin', () => {
  const journey = useJourney({ locale: 'en-GB' });

  const go = (page: Page, p: string) => page.goto(journey.url(p));
  const badge = async (page: Page) => (await page.getByTestId('plan-badge').first().textContent())?.trim();

  async function register(page: Page, email: string) {
    await registerAndVerify(page, journey.app, journey.url('/en/register'), { email, password: 'a strong password' });
    await page.waitForFunction(() => location.pathname === '/en' || location.pathname === '/en/');
  }

  /** `npm run staff -- <email>` on the app's DATA_DIR, as an operator would. */
  async function makeStaff(email: string) {
    await run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/src/jobs/staff.cli.ts'), email], {
      cwd: path.join(ROOT, 'server'),
      env: { PATH: process.env.PATH, DATA_DIR: journey.app.dataDir, LOG_LEVEL: 'silent' },
    });
  }

  // Two registrations (argon2), a tsx process for `npm run staff` and two axe runs: minutes under load.
  const SLOW = { timeout: 300_000 };

  it(
    'non-staff get the 404 page; staff give a user Ultra until a date, which the user sees at once',
    SLOW,
    async () => {
      const visitor = await journey.open();
      await go(visitor.page, '/en/admin');
      await visitor.page.getByTestId('not-found').waitFor();
      expect(await visitor.page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');

      const user = await journey.open();
      await register(user.page, 'clinic@example.be');
      // Registration ends on home, whose own header carries the badge (the navbar's belongs to the page left).
      const homeBadge = user.page.getByTestId('home-plan-badge');
      await homeBadge.waitFor();
      expect((await homeBadge.textContent())?.trim()).toBe('Free');
      await go(user.page, '/en/admin');
      await user.page.getByTestId('not-found').waitFor();
      expect(await user.page.getByTestId('admin-users').count()).toBe(0);

      const staff = await journey.open();
      await register(staff.page, 'boss@example.be');
      await makeStaff('boss@example.be');
      await go(staff.page, '/en/admin');
      const row = staff.page.locator('[data-testid="admin-user-row"][data-email="clinic@example.be"]');
      await row.waitFor();
      await expectNoSeriousA11yViolations(staff.page, 'admin page');
      await screenshot(staff.page, 'admin-en');

      await row.getByRole('button', { name: 'Change plan of clinic@example.be' }).click();
      const dialog = staff.page.getByRole('dialog');
      await dialog.locator('select[name="plan"]').selectOption('ultra');
      await dialog.locator('input[name="until"]').fill('2099-06-30');
      await expectNoSeriousA11yViolations(staff.page, 'plan dialog');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await staff.page.waitForFunction(() =>
        document
          .querySelector('[data-email="clinic@example.be"] [data-testid="admin-user-plan"]')
          ?.textContent?.startsWith('Ultra until'),
      );
      // Newest first; the user list read again after the change is audited too, so the change is
      // the newest "Plan changed" row rather than the very first row.
      const audit = staff.page.getByTestId('admin-audit-row').filter({ hasText: 'Plan changed' }).first();
      await staff.page.waitForFunction(() =>
        [...document.querySelectorAll('[data-testid="admin-audit-row"]')].some((row) =>
          row.textContent?.includes('Plan changed'),
        ),
      );
      expect(await audit.textContent()).toContain('boss@example.be');
      expect(await audit.textContent()).toContain('clinic@example.be');

      // The user's next page load carries the new plan.
      await go(user.page, '/en/compte');
      await user.page.waitForFunction(
        () => document.querySelector('[data-testid="plan-badge"]')?.textContent?.trim() === 'Ultra',
      );
      expect(await badge(user.page)).toBe('Ultra');

      for (const t of [visitor, user, staff]) expect(t.pageErrors).toEqual([]);
    },
  );
});
