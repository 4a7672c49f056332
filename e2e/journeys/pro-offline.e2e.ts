import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import * as XLSX from 'xlsx';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { screenshot, waitForServiceWorker } from '../support/harness';
import { useJourney } from '../support/journey';
import { demoCnks, importWorkbook, registerProUser } from '../support/pro';

// The Pro tool with the network off (docs/architecture.md#offline-first-and-sync): the app opens from the service worker, the
// group analysed and exported online just before is analysed again from the prices stored on the
// device, a file is imported in the precached worker, the new group is analysed from the stored
// prices, the strategy changes, the export is written locally. Back online, only the stale rows are
// re-priced.
describe('Pro tool offline', () => {
  const journey = useJourney();
  const rowsOf = (page: Page) => page.locator('[data-testid="pro-group-table"] tbody tr');
  const marks = (page: Page) => rowsOf(page).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-mark')));

  async function createGroup(page: Page, name: string, file: Buffer) {
    await page.getByRole('button', { name: 'Créer un groupe' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[name="name"]').fill(name);
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'articles.xlsx', mimeType: '', buffer: file });
    await dialog.getByTestId('pro-import-preview').waitFor();
    await dialog.getByRole('button', { name: 'Enregistrer le groupe' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  it('fr: open, import, analyse from stored prices, change strategy, export; then refresh only the stale rows', async () => {
    const { page, context, pageErrors } = await journey.open();
    await registerProUser(journey.app, page, 'hors.ligne@example.be');
    const [known1, known2, known3, fresh1, fresh2] = (await demoCnks(journey.app, 5)) as [string, ...string[]];
    const known = [known1, known2!, known3!];

    // Online once: the service worker installs, and three CNKs get prices stored on the device.
    await page.goto(journey.url('/pro'));
    await page.getByTestId('pro-tool-page').waitFor();
    await waitForServiceWorker(page);
    await page.getByRole('button', { name: 'Groupe', exact: true }).click();
    await createGroup(page, 'Vus en ligne', importWorkbook(known));
    await page.getByRole('button', { name: 'Analyser', exact: true }).click();
    await page.getByTestId('pro-progress').waitFor({ state: 'detached', timeout: 60_000 });
    await expect.poll(() => marks(page), { timeout: 15_000 }).toEqual(['priced', 'priced', 'priced']);
    const exported = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter vers Excel' }).click();
    await exported;

    const priced: string[][] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/pro/prices/'))
        priced.push((JSON.parse(request.postData() ?? '{}') as { cnks: string[] }).cnks);
    });

    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('pro-tool-page').waitFor();
    await page.getByRole('button', { name: 'Groupe', exact: true }).click();
    // The group analysed online, right before the network went: every row it priced was stored.
    await page.getByRole('combobox', { name: 'Groupe' }).selectOption({ label: 'Vus en ligne (3)' });
    await page.getByRole('button', { name: 'Analyser', exact: true }).click();
    await expect.poll(() => marks(page), { timeout: 15_000 }).toEqual(['priced', 'priced', 'priced']);
    await createGroup(page, 'Commande hors ligne', importWorkbook([...known, fresh1!, fresh2!]));
    expect(await page.getByRole('status').filter({ hasText: 'Vous êtes hors ligne' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Analyser', exact: true }).click();
    await expect
      .poll(() => marks(page), { timeout: 15_000 })
      .toEqual(['priced', 'priced', 'priced', 'no_stored_price', 'no_stored_price']);
    // Each stored price says when it was read, as a time, and its age under it.
    const ages = rowsOf(page).getByTestId('row-age');
    const times = await ages.locator('time').allTextContents();
    expect(times).toHaveLength(3);
    for (const time of times) expect(time).toMatch(/^\d\d\/\d\d \d\d:\d\d$/);
    const texts = await ages.allTextContents();
    expect(texts.slice(0, 3).every((a) => /minute|instant/.test(a))).toBe(true);
    expect(texts.slice(3)).toEqual(['Aucun prix enregistré', 'Aucun prix enregistré']);
    expect(await page.getByTestId('pro-refresh-stale').count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'Pro tool offline');
    await screenshot(page, 'pro-offline-fr');

    const first = rowsOf(page).first();
    // Cells: the selection box, the CNK, then the lowest offer.
    const lowest = await first.locator('td').nth(2).textContent();
    await page.getByRole('combobox', { name: 'Stratégie' }).selectOption({ label: 'Agressive (min)' });
    await expect.poll(() => first.getByTestId('row-sell').textContent(), { timeout: 15_000 }).toBe(lowest);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter vers Excel' }).click();
    const download = await downloading;
    const workbook = XLSX.read(await readFile((await download.path())!), { cellNF: true });
    const sheet = workbook.Sheets[workbook.SheetNames[0]!]!;
    expect((sheet.B1 as XLSX.CellObject).v).toBe('Commande hors ligne');
    expect((sheet.B2 as XLSX.CellObject).v).toBe('Agressive (min)');
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, range: 9, raw: true, defval: null });
    // Columns: own name, official name (SAM), CNK, ... the recommended selling price (9th).
    expect(rows.map((r) => r[2])).toEqual([...known, fresh1, fresh2]);
    for (const r of rows.slice(0, 3)) expect(typeof r[8]).toBe('number');
    for (const r of rows.slice(3)) expect(r[8]).toBeNull();
    expect(priced).toEqual([]);

    // Back online: one action re-prices the two rows with no stored price, and only them.
    await context.setOffline(false);
    const refresh = page.getByTestId('pro-refresh-stale');
    await refresh.waitFor();
    expect((await refresh.textContent())?.trim()).toBe('Actualiser 2 lignes périmées');
    await refresh.click();
    await expect.poll(() => marks(page), { timeout: 60_000 }).toEqual(Array(5).fill('priced'));
    expect(priced).toEqual([[fresh1, fresh2]]);
    await refresh.waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
    // Two analyses online, three offline and two exports: over a minute on a loaded machine.
  }, 240_000);
});
