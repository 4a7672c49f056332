import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { ROOT, screenshot } from '../support/harness';
import { useJourney } from '../support/journey';
import { demoCnks, importWorkbook, registerProUser } from '../support/pro';
import { registerAndVerify } from '../support/register';

const run = promisify(execFile);

/** The counter tablet a pharmacist works on. */
const TABLET = { width: 1180, height: 820 } as const;

const OPEN_TABLET = {
  fr: {
    lang: '',
    route: '/pro',
    group: 'Groupe',
    create: 'Créer un groupe',
    edit: 'Modifier le groupe',
    save: 'Enregistrer le groupe',
    analyse: 'Analyser',
    min: 'Marge minimale (%)',
    ideal: 'Marge idéale (%)',
    strategy: 'Stratégie',
    aggressive: 'Agressive (min)',
    checked: /Dernière vérification à \d\d:\d\d\./,
    logout: 'Se déconnecter',
  },
  nl: {
    lang: '/nl',
    route: '/nl/nego',
    group: 'Groep',
    create: 'Groep aanmaken',
    edit: 'Groep bewerken',
    save: 'Groep opslaan',
    analyse: 'Analyseren',
    min: 'Minimale marge (%)',
    ideal: 'Ideale marge (%)',
    strategy: 'Strategie',
    aggressive: 'Agressief (min)',
    checked: /Laatst gecontroleerd om \d\d:\d\d\./,
    logout: 'Uitloggen',
  },
} as const;

// Two tablets of one pharmacy, each its own browser context (own cookies and IndexedDB),
// converge through POST /api/groups/sync on the real server; a logout with unsynced changes warns first.
describe('Pro group sync between devices', () => {
  // The open tablets pull every 2 s instead of 12 (the server's PRO_PULL_EVERY_S, told to each device
  // in its sync answers): still on their own timer, with no reload, focus or click to prompt them.
  const journey = useJourney({ locale: 'en-BE', env: { PRO_PULL_EVERY_S: '2' } });
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

  /** Analyses the selected group and reads each row: own name, VAT, the line's purchase price. */
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
        // The line's own purchase price, what syncs; the advised price also depends on which shops
        // answered each analysis, which no device decides.
        purchase: tr.querySelector<HTMLInputElement>('[data-testid="row-purchase-price"]')?.value,
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
    expect(onA.map((r) => [r.name, r.vat, r.purchase])).toEqual(
      cnks.map((_, i) => [`My cream ${i + 1}`, '21', `4,1${i}`]),
    );

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

  // A tablet left open on the group sees the other tablet's VAT, margin and group name within seconds,
  // without a reload; a margin it is typing meanwhile keeps what was typed (docs/decisions/218).
  it.each(['fr', 'nl'] as const)(
    '%s: an open tablet shows the other tablet’s edits without a reload, and keeps the field being typed',
    async (lang) => {
      const t = OPEN_TABLET[lang];
      const locale = lang === 'fr' ? 'fr-BE' : 'nl-BE';
      const account = `open.${lang}@example.be`;
      const tabletA = await journey.open({ viewport: TABLET, locale });
      await registerProUser(journey.app, tabletA.page, account, t.lang);
      const cnks = await demoCnks(journey.app, 2);

      async function openGroup(page: Page, name: string) {
        await page.goto(journey.url(t.route));
        await page.getByTestId('pro-tool-page').waitFor();
        await syncState(page, 'synced');
        await page.getByRole('button', { name: t.group, exact: true }).click();
        await page.getByRole('combobox', { name: t.group, exact: true }).selectOption({ label: name });
        await page.getByRole('button', { name: t.analyse, exact: true }).click();
        await page.locator('[data-testid="pro-group-table"] tbody tr').first().waitFor({ timeout: 60_000 });
        await page.getByTestId('pro-progress').waitFor({ state: 'detached', timeout: 60_000 });
      }
      const vatOf = (page: Page, cnk: string) =>
        page.locator(`[data-testid="pro-group-table"] tr[data-cnk="${cnk}"] [data-testid="row-vat"]`).inputValue();

      await tabletA.page.goto(journey.url(t.route));
      await tabletA.page.getByRole('button', { name: t.group, exact: true }).click();
      await tabletA.page.getByRole('button', { name: t.create }).click();
      const create = tabletA.page.getByRole('dialog');
      await create.locator('input[name="name"]').fill('Comptoir');
      await create.locator('input[type="file"]').setInputFiles({
        name: 'articles.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: importWorkbook(cnks),
      });
      await create.getByTestId('pro-import-preview').waitFor();
      await create.getByRole('button', { name: t.save }).click();
      await create.waitFor({ state: 'detached' });
      await expect.poll(() => unsyncedOnDevice(tabletA.page), { timeout: 30_000 }).toBe(0);

      const tabletB = await journey.open({ viewport: TABLET, locale });
      await tabletB.page.goto(journey.url(`${t.lang}/login`));
      await field(tabletB.page, 'email').fill(account);
      await field(tabletB.page, 'password').fill('un mot de passe solide');
      await tabletB.page.locator('button[type="submit"]').click();
      await tabletB.page.getByTestId('home-plan-badge').waitFor();
      await openGroup(tabletB.page, 'Comptoir (2)');
      await openGroup(tabletA.page, 'Comptoir (2)');
      expect(await vatOf(tabletB.page, cnks[0]!)).toBe('6');
      expect(await tabletB.page.getByLabel(t.min).inputValue()).toBe('20');

      // Tablet A: a line's VAT, the minimum margin, the group's name.
      await tabletA.page
        .locator(`[data-testid="pro-group-table"] tr[data-cnk="${cnks[0]}"] [data-testid="row-vat"]`)
        .selectOption('21');
      await tabletA.page.getByLabel(t.min).fill('25');
      await tabletA.page.getByRole('button', { name: t.edit }).click();
      const edit = tabletA.page.getByRole('dialog');
      await edit.locator('input[name="name"]').fill('Comptoir été');
      await edit.getByRole('button', { name: t.save }).click();
      await edit.waitFor({ state: 'detached' });
      await expect.poll(() => unsyncedOnDevice(tabletA.page), { timeout: 30_000 }).toBe(0);

      // Tablet B, untouched and never reloaded, shows all three within one pull.
      const b = tabletB.page;
      await expect.poll(() => vatOf(b, cnks[0]!), { timeout: 30_000 }).toBe('21');
      await expect.poll(() => b.getByLabel(t.min).inputValue(), { timeout: 30_000 }).toBe('25');
      await expect
        .poll(() => b.getByRole('combobox', { name: t.group, exact: true }).locator('option:checked').textContent(), {
          timeout: 30_000,
        })
        .toBe('Comptoir été (2)');
      expect(await b.getByTestId('pro-sync-checked').textContent()).toMatch(t.checked);
      await screenshot(b, `pro-sync-open-tablet-${lang}`);

      // Tablet B starts typing an ideal margin of 35 ("3" is not a valid one yet, nothing is saved);
      // meanwhile tablet A changes the ideal margin and the strategy.
      const ideal = b.getByLabel(t.ideal);
      await ideal.fill('');
      await ideal.pressSequentially('3');
      await tabletA.page.getByLabel(t.ideal).fill('45');
      await tabletA.page.getByLabel(t.ideal).press('Tab');
      await tabletA.page.getByRole('combobox', { name: t.strategy }).selectOption({ label: t.aggressive });
      await expect.poll(() => unsyncedOnDevice(tabletA.page), { timeout: 30_000 }).toBe(0);
      // The pull has landed on B (the strategy shows), and the field being typed kept its "3".
      await expect
        .poll(() => b.getByRole('combobox', { name: t.strategy }).inputValue(), { timeout: 30_000 })
        .toBe('aggressive');
      expect(await ideal.inputValue()).toBe('3');
      await ideal.pressSequentially('5');
      await ideal.press('Tab');
      // Its own save lands in the device's store a moment after the field is left.
      await expect.poll(() => ideal.inputValue(), { timeout: 10_000 }).toBe('35');
      // The later edit, B's, is the one both tablets end with.
      await expect.poll(() => tabletA.page.getByLabel(t.ideal).inputValue(), { timeout: 30_000 }).toBe('35');

      // The shared counter tablet: a purchase price typed on B reaches A once A's pharmacist has logged
      // out and back in, and nothing of the previous session shows in between (docs/decisions/151).
      const purchaseOf = (page: Page) =>
        page.locator(`[data-testid="pro-group-table"] tr[data-cnk="${cnks[1]}"] [data-testid="row-purchase-price"]`);
      await purchaseOf(b).fill('4,1');
      await purchaseOf(b).press('Enter');
      await expect.poll(() => purchaseOf(b).inputValue(), { timeout: 10_000 }).toBe('4,10');
      await expect.poll(() => unsyncedOnDevice(b), { timeout: 30_000 }).toBe(0);
      const a = tabletA.page;
      await a.getByTestId('avatar').click();
      await a.getByRole('menuitem', { name: t.logout }).click();
      await a.getByTestId('nav-login').waitFor();
      expect(await proRowsOnDevice(a, ['proGroups', 'proMeta', 'proOutbox', 'proReports', 'proCatalogue'])).toBe(0);
      await a.goto(journey.url(t.route));
      await a.getByTestId('pro-wall-marketing').waitFor();
      expect(await a.getByTestId('pro-group-table').count()).toBe(0);
      await a.goto(journey.url(`${t.lang}/login`));
      await field(a, 'email').fill(account);
      await field(a, 'password').fill('un mot de passe solide');
      await a.locator('button[type="submit"]').click();
      await a.getByTestId('home-plan-badge').waitFor();
      // The group's lines show from the store once the first sync answered, without an analysis.
      await a.goto(journey.url(t.route));
      await a.getByTestId('pro-tool-page').waitFor();
      await syncState(a, 'synced');
      await a.getByRole('button', { name: t.group, exact: true }).click();
      await a.getByRole('combobox', { name: t.group, exact: true }).selectOption({ label: 'Comptoir été (2)' });
      await expect.poll(() => purchaseOf(a).inputValue(), { timeout: 30_000 }).toBe('4,10');

      expect(tabletA.pageErrors).toEqual([]);
      expect(tabletB.pageErrors).toEqual([]);
    },
    // Two tablets, two analyses and a few pulls two seconds apart.
    240_000,
  );
});
