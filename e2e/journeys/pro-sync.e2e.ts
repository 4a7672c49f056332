import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { ROOT, screenshot } from '../support/harness';
import { useJourney } from '../support/journey';
import { demoCnks } from '../support/pro';
import { registerAndVerify } from '../support/register';

const run = promisify(execFile);

// Two tablets of one pharmacy, each its own browser context (own cookies and IndexedDB),
// converge through POST /api/groups/sync on the real server; a logout with unsynced changes warns first.
describe('Pro group sync between devices', () => {
  const journey = useJourney({ locale: 'en-BE' });
  const email = 'tablets@example.be';
  const password = 'a strong password 2026';

  const go = (page: Page, p: string) => page.goto(journey.url(p));
  const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);
  const syncState = (page: Page, state: string) =>
    page.locator(`[data-testid="pro-sync-status"][data-state="${state}"]`).waitFor();

  async function registerPharmacist(page: Page) {
    await registerAndVerify(page, journey.app, journey.url('/en/register'), { email, password });
    await page.getByTestId('home-plan-badge').waitFor();
  }

  /** Staff gives the account Pro without Stripe (`npm run plan`), on the app's own database. */
  async function grantPro() {
    await run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/src/jobs/plan.cli.ts'), email, 'pro'], {
      cwd: path.join(ROOT, 'server'),
      env: { PATH: process.env.PATH, DATA_DIR: journey.app.dataDir, LOG_LEVEL: 'silent' },
    });
  }

  async function login(page: Page) {
    await go(page, '/en/login');
    await field(page, 'email').fill(email);
    await field(page, 'password').fill(password);
    await page.locator('button[type="submit"]').click();
    await page.getByTestId('home-plan-badge').waitFor();
  }

  /** Opens the Pro tool in group mode once its first sync has answered. */
  async function openGroups(page: Page) {
    await go(page, '/en/nego');
    await page.getByTestId('pro-tool-page').waitFor();
    await syncState(page, 'synced');
    await page.getByRole('button', { name: 'Group', exact: true }).click();
  }

  async function createGroup(page: Page, name: string, cnks: string) {
    await page.getByRole('button', { name: 'Create a group' }).click();
    const dialog = page.getByTestId('pro-group-create');
    await dialog.locator('input[name="name"]').fill(name);
    await dialog.locator('textarea[name="cnks"]').fill(cnks);
    await dialog.getByRole('button', { name: 'Save the group' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  const groupOptions = (page: Page) =>
    page.getByRole('combobox', { name: 'Group' }).locator('option').allTextContents();

  const proRowsOnDevice = (page: Page, names = ['proGroups', 'proMeta', 'proOutbox', 'proReports']) =>
    page.evaluate(
      (names) =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('pharmaradar');
          open.onerror = () => reject(new Error('IndexedDB'));
          open.onsuccess = () => {
            const tx = open.result.transaction(names, 'readonly');
            let total = 0;
            let left = names.length;
            for (const name of names) {
              const count = tx.objectStore(name).count();
              count.onsuccess = () => {
                total += count.result;
                left -= 1;
                if (left === 0) resolve(total);
              };
            }
          };
        }),
      names,
    );
  /** Changes this tablet made that the server has not accepted yet. */
  const unsyncedOnDevice = (page: Page) => proRowsOnDevice(page, ['proOutbox']);

  /** Analyses the selected group and reads each row: own name, VAT, advised purchase price. */
  async function analysed(page: Page) {
    await page.getByRole('button', { name: 'Analyse', exact: true }).click();
    const rows = page.locator('[data-testid="pro-group-table"] tbody tr');
    await expect
      .poll(() => rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-mark'))), { timeout: 60_000 })
      .toEqual(['priced', 'priced', 'priced']);
    await page.getByTestId('pro-progress').waitFor({ state: 'detached', timeout: 60_000 });
    return rows.evaluateAll((trs) =>
      trs.map((tr) => ({
        cnk: tr.getAttribute('data-cnk'),
        name: tr.querySelector('th')?.textContent,
        vat: tr.querySelector<HTMLSelectElement>('[data-testid="row-vat"]')?.value,
        purchase: tr.querySelector('[data-testid="row-purchase"]')?.textContent,
      })),
    );
  }

  it('a group made on one tablet reaches the other; offline changes wait, warn at logout, then sync', async () => {
    const tabletA = await journey.open();
    await registerPharmacist(tabletA.page);
    await grantPro();
    await tabletA.page.reload();
    await tabletA.page.getByTestId('home-plan-badge').filter({ hasText: 'Pro' }).waitFor();

    await openGroups(tabletA.page);
    await createGroup(tabletA.page, 'Vitamins', '4487039\n2509394');
    // Sent shortly after the change: the status comes back to synced once the server took it.
    await syncState(tabletA.page, 'synced');
    expect(await groupOptions(tabletA.page)).toContain('Vitamins (2)');

    const tabletB = await journey.open();
    await login(tabletB.page);
    await openGroups(tabletB.page);
    await tabletB.page.getByRole('option', { name: 'Vitamins (2)' }).waitFor({ state: 'attached' });

    // The counter loses its connection: the change stays on the device, in the outbox.
    await tabletB.context.setOffline(true);
    await syncState(tabletB.page, 'offline');
    await createGroup(tabletB.page, 'Made offline', '4487039');
    expect(await tabletB.page.getByTestId('pro-sync-status').textContent()).toContain('Offline');
    expect(await groupOptions(tabletB.page)).toContain('Made offline (1)');

    // Logging out now would erase it: the app asks first, and staying keeps everything.
    await tabletB.page.getByTestId('avatar').click();
    await tabletB.page.getByRole('menuitem', { name: 'Log out' }).click();
    const warning = tabletB.page.getByRole('dialog', { name: 'Changes not synced' });
    await warning.waitFor();
    expect(await warning.textContent()).toContain(
      'One change to your Pro groups or settings has not reached the server',
    );
    await expectNoSeriousA11yViolations(tabletB.page, 'logout warning');
    await screenshot(tabletB.page, 'pro-sync-logout-warning-en');
    await warning.getByRole('button', { name: 'Stay logged in' }).click();
    await warning.waitFor({ state: 'detached' });
    await tabletB.page.getByTestId('plan-badge').waitFor();

    // Back online: the outbox goes out on its own.
    await tabletB.context.setOffline(false);
    await syncState(tabletB.page, 'synced');

    await openGroups(tabletA.page);
    await tabletA.page.getByRole('option', { name: 'Made offline (1)' }).waitFor({ state: 'attached' });
    expect(await groupOptions(tabletA.page)).toEqual(['—', 'Made offline (1)', 'Vitamins (2)']);

    // Tablet A renames one group and deletes the other; tablet B gets both at its next sync.
    const groupSelect = tabletA.page.getByRole('combobox', { name: 'Group' });
    await groupSelect.selectOption({ label: 'Vitamins (2)' });
    await tabletA.page.getByRole('button', { name: 'Edit the group' }).click();
    const edit = tabletA.page.getByTestId('pro-group-edit');
    await edit.locator('input[name="name"]').fill('Vitamins C');
    await edit.getByRole('button', { name: 'Save the group' }).click();
    await edit.waitFor({ state: 'detached' });
    await groupSelect.selectOption({ label: 'Made offline (1)' });
    await tabletA.page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = tabletA.page.getByRole('dialog', { name: 'Delete this group?' });
    await confirm.getByRole('button', { name: 'Delete the group' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await groupOptions(tabletA.page)).toEqual(['—', 'Vitamins C (2)']);
    await expect.poll(() => unsyncedOnDevice(tabletA.page), { timeout: 30_000 }).toBe(0);
    await openGroups(tabletB.page);
    await expect.poll(() => groupOptions(tabletB.page), { timeout: 30_000 }).toEqual(['—', 'Vitamins C (2)']);

    // Everything synced: the logout asks nothing and leaves none of the Pro data on the shared tablet.
    await tabletB.page.getByTestId('avatar').click();
    await tabletB.page.getByRole('menuitem', { name: 'Log out' }).click();
    await tabletB.page.getByTestId('nav-login').waitFor();
    expect(await tabletB.page.getByRole('dialog').count()).toBe(0);
    expect(await proRowsOnDevice(tabletB.page)).toBe(0);

    // The margins and each line's purchase price, VAT and own name follow the
    // pharmacist to the other tablet, across a logout (docs/decisions/151).
    const cnks = await demoCnks(journey.app, 3);
    await tabletA.page.getByLabel('Minimum margin (%)').fill('22');
    await tabletA.page.getByLabel('Ideal margin (%)').fill('33');
    await tabletA.page.getByRole('button', { name: 'Create a group' }).click();
    const create = tabletA.page.getByTestId('pro-group-create');
    await create.locator('input[name="name"]').fill('Cosmetics');
    const file = [
      'CNK,Product name,Purchase price,VAT rate',
      ...cnks.map((c, i) => `${c},My cream ${i + 1},4.1${i},21`),
    ];
    await create.locator('input[type="file"]').setInputFiles({
      name: 'cosmetics.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(file.join('\n')),
    });
    await create.getByTestId('pro-import-preview').waitFor();
    await create.getByRole('button', { name: 'Save the group' }).click();
    await create.waitFor({ state: 'detached' });
    await expect.poll(() => unsyncedOnDevice(tabletA.page), { timeout: 30_000 }).toBe(0);
    const onA = await analysed(tabletA.page);
    expect(onA.map((r) => [r.name, r.vat])).toEqual(cnks.map((_, i) => [`My cream ${i + 1}`, '21']));

    await login(tabletB.page);
    await openGroups(tabletB.page);
    await tabletB.page.getByRole('option', { name: 'Cosmetics (3)' }).waitFor({ state: 'attached' });
    expect(await tabletB.page.getByLabel('Minimum margin (%)').inputValue()).toBe('22');
    expect(await tabletB.page.getByLabel('Ideal margin (%)').inputValue()).toBe('33');
    await tabletB.page.getByRole('combobox', { name: 'Group' }).selectOption({ label: 'Cosmetics (3)' });
    expect(await analysed(tabletB.page)).toEqual(onA);

    // Tablet B changes only the strategy: tablet A's margins stay.
    await tabletB.page.getByRole('combobox', { name: 'Strategy' }).selectOption({ label: 'Aggressive (lowest)' });
    await expect.poll(() => unsyncedOnDevice(tabletB.page), { timeout: 30_000 }).toBe(0);
    await tabletA.page.reload();
    await openGroups(tabletA.page);
    expect(await tabletA.page.getByRole('combobox', { name: 'Strategy' }).inputValue()).toBe('aggressive');
    expect(await tabletA.page.getByLabel('Minimum margin (%)').inputValue()).toBe('22');
    expect(await tabletA.page.getByLabel('Ideal margin (%)').inputValue()).toBe('33');

    expect(tabletA.pageErrors).toEqual([]);
    expect(tabletB.pageErrors).toEqual([]);
  });
});
