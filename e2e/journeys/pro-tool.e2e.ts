import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import * as XLSX from 'xlsx';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { PHONE, QUICK_SHOPS, screenshot } from '../support/harness';
import { useJourney } from '../support/journey';
import { demoCnks, importWorkbook, registerProUser } from '../support/pro';

/** The counter tablet a pharmacist works on. */
const TABLET = { width: 1180, height: 820 } as const;
/** The narrowest phone the tool is laid out for. */
const PHONE_NARROW = { width: 360, height: 740 } as const;

type Texts = {
  lang: '' | '/nl';
  route: string;
  group: string;
  create: string;
  save: string;
  kept: RegExp;
  analyse: string;
  strategy: string;
  aggressive: string;
  exportLabel: string;
  meta: string[];
  header: string[];
  quota: RegExp;
  /** The cost shown before the first analysis, and before the second (every CNK already charged). */
  firstCost: RegExp;
  againCost: RegExp;
  report: string;
  reportTitle: string;
  marginDown: RegExp;
  sourceLabel: string;
  source: RegExp;
  vatLabel: string;
};

const FR: Texts = {
  lang: '',
  route: '/pro',
  group: 'Groupe',
  create: 'Créer un groupe',
  save: 'Enregistrer le groupe',
  kept: /^5 produits retenus$/,
  analyse: 'Analyser',
  strategy: 'Stratégie',
  aggressive: 'Agressive (min)',
  exportLabel: 'Exporter vers Excel',
  meta: ['Groupe', 'Stratégie', 'Marge idéale', 'Marge minimale', 'Date'],
  header: ['Produit', 'Nom officiel (SAM)', 'CNK', 'Prix marché le plus bas (TVAC)'],
  quota: /^Forfait mensuel : 5 \/ 2\s000 CNK$/,
  firstCost: /^Cette analyse utilisera 5 de vos 2\s000 CNK restants ce mois-ci\.$/,
  againCost:
    /^Cette analyse utilisera 0 de vos 1\s995 CNK restants ce mois-ci\. 5 lignes déjà analysées ce mois-ci ne coûtent rien\.$/,
  report: 'Rapport',
  reportTitle: 'Rapport : =Comptoir+1',
  marginDown: /^(\d+) marges? en baisse$/,
  sourceLabel: 'Prix relevés',
  source:
    /^chez (Farmaline|Medi-Market|Multipharma)(, (Farmaline|Medi-Market|Multipharma))*, (du|le) \d\d\/\d\d\/\d{4} \d\d:\d\d.* \(DÉMO/,
  vatLabel: 'TVA',
};
const NL: Texts = {
  lang: '/nl',
  route: '/nl/nego',
  group: 'Groep',
  create: 'Groep aanmaken',
  save: 'Groep opslaan',
  kept: /^5 producten behouden$/,
  analyse: 'Analyseren',
  strategy: 'Strategie',
  aggressive: 'Agressief (min)',
  exportLabel: 'Exporteren naar Excel',
  meta: ['Groep', 'Strategie', 'Ideale marge', 'Minimale marge', 'Datum'],
  header: ['Product', 'Officiële naam (SAM)', 'CNK', 'Laagste marktprijs (incl. btw)'],
  quota: /^Maandtegoed: 5 \/ 2\.000 CNK’s$/,
  firstCost: /^Deze analyse gebruikt 5 van uw 2\.000 resterende CNK’s deze maand\.$/,
  againCost:
    /^Deze analyse gebruikt 0 van uw 1\.995 resterende CNK’s deze maand\. 5 rijen die deze maand al geprijsd zijn, kosten niets\.$/,
  report: 'Rapport',
  reportTitle: 'Rapport: =Comptoir+1',
  marginDown: /^(\d+) marges? gedaald$/,
  sourceLabel: 'Prijzen opgehaald',
  source:
    /^bij (Farmaline|Medi-Market|Multipharma)(, (Farmaline|Medi-Market|Multipharma))*, (van|op) \d\d\/\d\d\/\d{4} \d\d:\d\d.* \(DEMO/,
  vatLabel: 'Btw',
};

// The Pro tool end to end on the built app and the real server in demo mode: a pharmacy file is
// imported in the worker, previewed, made a group, priced live through POST /api/pro/prices, re-priced
// under another strategy, and exported; the downloaded .xlsx is read back cell by cell.
/** Opens the Pro tool at `url` in group mode, then its new-group dialog with `name` typed in. */
async function newGroupDialog(page: Page, url: string, t: { group: string; create: string }, name: string) {
  await page.goto(url);
  await page.getByTestId('pro-tool-page').waitFor();
  await page.getByRole('button', { name: t.group, exact: true }).click();
  await page.getByRole('button', { name: t.create }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[name="name"]').fill(name);
  return dialog;
}

describe('Pro tool', () => {
  // The analyses' results and costs are checked, not how long the shops take to give them.
  const journey = useJourney({ env: QUICK_SHOPS });

  const rowsOf = (page: Page) => page.locator('[data-testid="pro-group-table"] tbody tr');
  const sellPrices = (page: Page) =>
    rowsOf(page).evaluateAll((rows) =>
      Object.fromEntries(
        rows.map((r) => [r.getAttribute('data-cnk'), r.querySelector('[data-testid="row-sell"]')?.textContent]),
      ),
    );

  it.each([
    ['fr', FR, 'anne.pro.tool@example.be'],
    ['nl', NL, 'jan.pro.tool@example.be'],
  ] as const)('%s: import → preview → group → analyse → strategy → export read back', async (lang, t, email) => {
    const { page, pageErrors } = await journey.open({ locale: lang === 'fr' ? 'fr-BE' : 'nl-BE' });
    await registerProUser(journey.app, page, email, t.lang);
    const cnks = await demoCnks(journey.app, 5);
    // A group name that would be a formula in a spreadsheet is written back as plain text.
    const groupName = '=Comptoir+1';
    const dialog = await newGroupDialog(page, journey.url(t.route), t, groupName);
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'articles.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: importWorkbook(cnks, [['12ab', 'Ligne cassée', 3, 6]]),
    });
    const preview = dialog.getByTestId('pro-import-preview');
    await preview.waitFor();
    expect((await preview.locator('p').first().textContent())?.trim()).toMatch(t.kept);
    expect(await preview.locator('tbody tr').count()).toBe(5);
    // Said about the file: the title row above the table, and the broken row refused.
    expect(await preview.getByTestId('pro-import-report').locator('li').count()).toBe(2);
    await expectNoSeriousA11yViolations(page, `${lang} import preview`);
    await dialog.getByRole('button', { name: t.save }).click();
    await dialog.waitFor({ state: 'detached' });

    // What the analysis will take from the allowance is shown before it runs (ADR 147).
    const cost = page.getByTestId('pro-cost-analyse');
    await expect.poll(async () => (await cost.textContent())?.trim(), { timeout: 15_000 }).toMatch(t.firstCost);
    await page.getByRole('button', { name: t.analyse, exact: true }).click();
    await expect
      .poll(() => rowsOf(page).locator('[data-testid="row-age"]').allTextContents(), { timeout: 60_000 })
      .toHaveLength(5);
    await page.getByTestId('pro-progress').waitFor({ state: 'detached', timeout: 60_000 });
    expect(await rowsOf(page).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-mark')))).toEqual(
      Array(5).fill('priced'),
    );
    await expect
      .poll(async () => (await page.getByTestId('pro-quota').locator('span').first().textContent())?.trim())
      .toMatch(t.quota);
    await expectNoSeriousA11yViolations(page, `${lang} analysed group`);
    await screenshot(page, `pro-tool-${lang}`);

    // Balanced prices at the median; aggressive at the lowest offer, which the row shows beside it
    // (cells: the selection box, the CNK, then the lowest offer).
    const first = rowsOf(page).first();
    const lowest = await first.locator('td').nth(2).textContent();
    const balancedSell = await sellPrices(page);
    await page.getByRole('combobox', { name: t.strategy }).selectOption({ label: t.aggressive });
    await expect.poll(() => first.getByTestId('row-sell').textContent(), { timeout: 15_000 }).toBe(lowest);
    // Every row is priced again (on the main thread, ADR 142) before the new prices are read.
    await expect
      .poll(
        () =>
          rowsOf(page).evaluateAll((rows) =>
            rows.every(
              (r) =>
                r.querySelector('[data-testid="row-sell"]')?.textContent === r.querySelectorAll('td')[2]?.textContent,
            ),
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
    // The products whose selling price, hence margin at the catalogue price, the new strategy lowers.
    const aggressiveSell = await sellPrices(page);
    const lowered = Object.keys(balancedSell).filter((cnk) => balancedSell[cnk] !== aggressiveSell[cnk]);
    expect(lowered.length).toBeGreaterThan(0);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: t.exportLabel }).click();
    const download = await downloading;
    const today = new Date().toLocaleDateString('en-CA');
    expect(download.suggestedFilename()).toMatch(new RegExp(`^pharmaradar-.+-${today}\\.xlsx$`));
    const workbook = XLSX.read(await readFile((await download.path())!), { cellFormula: true, cellNF: true });
    const sheet = workbook.Sheets[workbook.SheetNames[0]!]!;
    const cell = (ref: string) => sheet[ref] as XLSX.CellObject | undefined;
    expect(['A1', 'A2', 'A3', 'A4', 'A5'].map((r) => cell(r)?.v)).toEqual(t.meta);
    expect(cell('B1')).toMatchObject({ t: 's', v: groupName });
    expect(cell('B1')?.f).toBeUndefined();
    expect(cell('B2')).toMatchObject({ t: 's', v: t.aggressive });
    expect(cell('B3')).toMatchObject({ t: 'n', v: 0.3, z: '0%' });
    expect(cell('B4')).toMatchObject({ t: 'n', v: 0.2, z: '0%' });
    // The date is a date cell (a day number shown day first), not text.
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    expect(cell('B5')).toMatchObject({ t: 'n', v: Date.UTC(y, m - 1, d) / 86_400_000 + 25_569, z: 'dd/mm/yyyy' });
    // Which shops and when the prices were read, marked as demo prices; then the VAT note.
    expect(cell('A6')?.v).toBe(t.sourceLabel);
    expect(String(cell('B6')?.v)).toMatch(t.source);
    expect(cell('A7')?.v).toBe(t.vatLabel);
    expect(['A9', 'B9', 'C9', 'D9'].map((r) => cell(r)?.v)).toEqual(t.header);
    expect(sheet['!autofilter']).toEqual({ ref: 'A9:P14' });
    expect(workbook.Workbook?.Names?.find((n) => n.Name === '_xlnm.Print_Titles')?.Ref).toMatch(/!\$9:\$9$/);
    expect(download.suggestedFilename()).not.toMatch(/[—&()[\]{}=+]/);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, range: 9, raw: true });
    expect(rows.map((r) => r[2])).toEqual(expect.arrayContaining(cnks));
    expect(rows).toHaveLength(5);
    for (let r = 10; r < 15; r++) {
      // The demo's official catalogue (SAM) names every demo product beside the imported name.
      expect(cell(`B${r}`)?.t, `B${r}`).toBe('s');
      expect(cell(`C${r}`)?.t, `C${r}`).toBe('s');
      const lowestCell = cell(`D${r}`)!;
      expect(lowestCell).toMatchObject({ t: 'n', z: '#,##0.00 "€"' });
      // Aggressive: the recommended selling price is the lowest offer.
      expect(cell(`I${r}`)?.v).toBe(lowestCell.v);
      // The imported catalogue price (2 + i € excl. VAT) came along.
      expect(cell(`G${r}`)).toMatchObject({ t: 'n', z: '#,##0.00 "€"' });
    }

    // Reports (docs/architecture.md#settled-choices): a second analysis under the new strategy, compared with the first. The same
    // CNKs were charged this month: it costs nothing, and says so before it runs.
    await expect.poll(async () => (await cost.textContent())?.trim(), { timeout: 15_000 }).toMatch(t.againCost);
    await page.getByRole('button', { name: t.analyse, exact: true }).click();
    const report = page.getByRole('dialog', { name: t.reportTitle });
    const table = report.getByTestId('pro-report-table');
    // The analysis is kept once it finished: reopen the report until it compares two.
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: t.report, exact: true }).click({ timeout: 60_000 });
          await report.waitFor();
          await report.locator('table, [role="status"]').first().waitFor();
          const ready = (await table.count()) > 0;
          if (!ready) await page.keyboard.press('Escape');
          return ready;
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    const marginMoves = await table
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-cnk'), r.getAttribute('data-margin')]));
    expect(marginMoves.filter(([, m]) => m === 'down').map(([cnk]) => cnk)).toEqual(expect.arrayContaining(lowered));
    expect(marginMoves.filter(([, m]) => m === 'down')).toHaveLength(lowered.length);
    expect((await page.getByTestId('pro-quota').locator('span').first().textContent())?.trim()).toMatch(t.quota);
    const summary = await report.locator('[data-summary="marginDown"]').textContent();
    expect(Number(t.marginDown.exec(summary?.trim() ?? '')?.[1])).toBe(lowered.length);
    await expectNoSeriousA11yViolations(page, `${lang} group report`);
    await screenshot(page, `pro-report-${lang}`);
    // Printing prints the report alone (report.css): nothing of the page behind it.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('pro-tool-page').isVisible()).toBe(false);
    expect(await table.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
    expect(pageErrors).toEqual([]);
  });

  // The counter tablet: a 17-line group read at 1180×820 without sideways scrolling,
  // its first line above the fold, its header under the site header when the page scrolls, each name on
  // at most two lines; product mode shows each figure under its own label and the shops by name.
  it.each([
    ['fr', FR, 'tablette.pro@example.be', 'Prix relevés', 'prix du', 'à'],
    ['nl', NL, 'tablet.pro@example.be', 'Prijzen opgehaald', 'prijs van', 'om'],
  ] as const)(
    '%s: counter tablet 1180×820: the group table and the product card read right',
    async (lang, t, email, ageHeader, priceOf, at) => {
      // "prix du 28/11 à 06:10" in product mode; "28/11 06:10" in the table, under its column's header.
      const tableTime = /^\d\d\/\d\d \d\d:\d\d$/;
      const cardTime = new RegExp(`^${priceOf} \\d\\d/\\d\\d ${at} \\d\\d:\\d\\d$`);
      const { page, pageErrors } = await journey.open({
        viewport: TABLET,
        locale: lang === 'fr' ? 'fr-BE' : 'nl-BE',
      });
      await registerProUser(journey.app, page, email, t.lang);
      const cnks = await demoCnks(journey.app, 17);
      await page.goto(journey.url(t.route));
      await page.getByTestId('pro-tool-page').waitFor();

      // Product mode: each label sits right above its own value, and shops are named as they name themselves.
      await page.getByRole('textbox', { name: 'CNK' }).fill(cnks[0]!);
      await page.getByRole('textbox', { name: 'CNK' }).press('Enter');
      const card = page.getByTestId('pro-product-card');
      await card.locator('.pro-figures').waitFor({ timeout: 30_000 });
      const pairs = await card.locator('.pro-figures dt').evaluateAll((dts) =>
        dts.map((dt) => {
          const dd = dt.nextElementSibling!;
          const [l, v] = [dt.getBoundingClientRect(), dd.getBoundingClientRect()];
          return { tag: dd.tagName, sameColumn: Math.abs(l.left - v.left) < 2, below: v.top >= l.bottom - 1 };
        }),
      );
      expect(pairs).toHaveLength(6);
      for (const pair of pairs) expect(pair).toEqual({ tag: 'DD', sameColumn: true, below: true });
      // A shop with French pages only says so to a Dutch reader, as in the search (ADR 232).
      const shops = await card.locator('.pro-offers li').evaluateAll((lis) =>
        lis.map((li) => {
          const shop = li.querySelector('.pro-offers__shop')!;
          return {
            name: [...shop.childNodes]
              .filter((n) => n.nodeType === Node.TEXT_NODE)
              .map((n) => n.textContent)
              .join(''),
            note: shop.querySelector('[data-testid="pro-offer-page-language"]')?.textContent ?? null,
            hreflang: li.querySelector('a')?.getAttribute('hreflang') ?? null,
          };
        }),
      );
      expect(shops.length).toBeGreaterThan(0);
      for (const shop of shops) {
        expect(['Farmaline', 'Medi\u2011Market', 'Multipharma', 'Newpharma']).toContain(shop.name);
        const frenchOnly = shop.name === 'Medi\u2011Market' || shop.name === 'Newpharma';
        expect(shop.hreflang).toBe(frenchOnly || lang === 'fr' ? 'fr' : 'nl');
        expect(shop.note).toBe(frenchOnly && lang === 'nl' ? '(Franstalige pagina)' : null);
      }
      // The card says when its prices were read, as a time.
      expect(await card.getByTestId('pro-product-time').locator('time').textContent()).toMatch(cardTime);
      await expectNoSeriousA11yViolations(page, `${lang} product mode on the counter tablet`);
      await page.screenshot({ path: `/tmp/pro-tablet-product-${lang}.png` });

      await page.getByRole('button', { name: t.group, exact: true }).click();
      await page.getByRole('button', { name: t.create }).click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('input[name="name"]').fill('Comptoir');
      await dialog.locator('input[type="file"]').setInputFiles({
        name: 'articles.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: importWorkbook(cnks),
      });
      await dialog.getByTestId('pro-import-preview').waitFor();
      await dialog.getByRole('button', { name: t.save }).click();
      await dialog.waitFor({ state: 'detached' });
      // The saved group's lines show at once; the market columns say they wait for the analysis.
      await expect.poll(() => rowsOf(page).count()).toBe(17);
      expect(new Set(await rowsOf(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-mark'))))).toEqual(
        new Set(['not_analysed']),
      );
      await page.getByTestId('pro-not-analysed').waitFor();
      // A purchase price is typed in its cell, Belgian style, and kept once Enter is pressed.
      const price = rowsOf(page).first().getByTestId('row-purchase-price');
      await price.fill('7,25');
      await price.press('Enter');
      await page.screenshot({ path: `/tmp/pro-tablet-group-lines-${lang}.png` });
      await page.getByRole('button', { name: t.analyse, exact: true }).click();
      await expect.poll(() => price.inputValue()).toBe('7,25');
      await expect.poll(() => rowsOf(page).count(), { timeout: 60_000 }).toBe(17);
      await page.getByTestId('pro-progress').waitFor({ state: 'detached', timeout: 60_000 });
      // Every line was just read: none is offered as stale. Each says when its prices were read, as a time.
      expect(await page.getByTestId('pro-refresh-stale').count()).toBe(0);
      const times = await rowsOf(page).getByTestId('row-age').locator('time').allTextContents();
      expect(times).toHaveLength(17);
      for (const time of times) expect(time).toMatch(tableTime);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `/tmp/pro-tablet-group-${lang}.png` });

      const layout = await page.evaluate(() => {
        const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
        // Each header's words, line by line: none may run past its own column or into a neighbour's
        // (Dutch headers such as "Aanbevolen" ran into the next column at 1180 px).
        // The selection box's column has no words.
        const heads = [...document.querySelectorAll('.pro-table thead tr:first-child th')]
          .filter((th) => th.querySelector('.pro-sort'))
          .map((th) => {
            const range = document.createRange();
            range.selectNodeContents(th.querySelector('.pro-sort')!);
            return { th: th.getBoundingClientRect(), lines: [...range.getClientRects()], label: th.textContent };
          });
        const headerClashes: string[] = [];
        heads.forEach(({ th, lines, label }, i) => {
          for (const line of lines) {
            if (line.left < th.left - 0.5 || line.right > th.right + 0.5)
              headerClashes.push(`${label}: outside its column`);
            for (const other of heads.slice(i + 1))
              for (const o of other.lines)
                if (line.left < o.right && o.left < line.right && line.top < o.bottom && o.top < line.bottom)
                  headerClashes.push(`${label} / ${other.label}`);
          }
        });
        const scroller = document.querySelector('.pro-table-scroll')!;
        const table = box('[data-testid="pro-group-table"]');
        const settings = box('.pro-settings');
        const overlaps =
          settings.left < table.right &&
          table.left < settings.right &&
          settings.top < table.bottom &&
          table.top < settings.bottom;
        const names = [...document.querySelectorAll('.pro-table__name')].map((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          return {
            name: cell.textContent,
            lines: new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size,
          };
        });
        return {
          pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
          tableRight: table.right,
          hiddenSideways: scroller.scrollWidth - scroller.clientWidth,
          overlaps,
          firstRowBottom: box('[data-testid="pro-group-table"] tbody tr').bottom,
          longNames: names.filter((n) => n.lines > 2),
          lastHeader: document.querySelector('.pro-table thead tr th:last-child')!.textContent,
          headerClashes,
        };
      });
      expect(layout.pageOverflow).toBeLessThanOrEqual(0);
      expect(layout.tableRight).toBeLessThanOrEqual(TABLET.width);
      expect(layout.hiddenSideways).toBeLessThanOrEqual(0);
      expect(layout.overlaps).toBe(false);
      expect(layout.firstRowBottom).toBeLessThanOrEqual(TABLET.height);
      expect(layout.longNames).toEqual([]);
      expect(layout.lastHeader?.replace(/[↕▲▼]/g, '').trim()).toBe(ageHeader);
      expect(layout.headerClashes).toEqual([]);
      await expectNoSeriousA11yViolations(page, `${lang} group table on the counter tablet`);

      // Scrolled down the table: its header row stays in view, just under the site header, not beneath it.
      await page.evaluate(() => {
        const table = document.querySelector('[data-testid="pro-group-table"]')!;
        window.scrollBy(0, table.getBoundingClientRect().top + 300);
      });
      await expect
        .poll(() =>
          page.evaluate(() => {
            const navbar = document.querySelector('.navbar')!.getBoundingClientRect();
            const head = document.querySelector('.pro-table thead')!.getBoundingClientRect();
            return Math.round(head.top - navbar.bottom);
          }),
        )
        .toBe(0);
      await page.screenshot({ path: `/tmp/pro-tablet-group-scrolled-${lang}.png` });
      expect(pageErrors).toEqual([]);
    },
  );

  // Every row of the file is accounted for in the preview (docs/decisions/220), then the table holds
  // the lines the preview announced; a wrong check digit reads the same in both. The group select keeps
  // its line count whole with the network off, on a phone and on the counter tablet.
  it.each([
    [
      'fr',
      PHONE_NARROW,
      'releve.pro@example.be',
      {
        route: '/pro',
        group: 'Groupe',
        create: 'Créer un groupe',
        save: 'Enregistrer le groupe',
        analyse: 'Analyser',
        header: "CNK;Nom;Prix d'achat HTVA;TVA",
        notRead: 'non lu : « n.d. »',
        remarks: (a: string, b: string) => [
          'Ligne 1 au-dessus du tableau : lues comme titres, non importées.',
          `Ligne 3, CNK ${a} : prix non lu : « n.d. ». Le produit est importé sans prix d’achat.`,
          `CNK ${b} présent aux lignes 4 et 5 : importé une fois, avec le premier prix d’achat donné, ligne 4 (2,30\u00a0€). Non retenu : 2,45\u00a0€ (ligne 5).`,
          'Ligne 6 : code 448703 lu comme CNK 0448703 (le zéro initial qu’un tableur supprime est remis).',
          'Ligne 6, CNK 0448703 : CNK invalide (chiffre de contrôle). Importé, mais aucune pharmacie en ligne ne sera interrogée sur son prix : vérifiez le code.',
        ],
        mark: 'CNK invalide (chiffre de contrôle)',
        kept: '2,30\u00a0€',
      },
    ],
    [
      'nl',
      TABLET,
      'overzicht.pro@example.be',
      {
        route: '/nl/nego',
        group: 'Groep',
        create: 'Groep aanmaken',
        save: 'Groep opslaan',
        analyse: 'Analyseren',
        header: 'CNK;Naam;Aankoopprijs excl. btw;BTW',
        notRead: 'niet gelezen: “n.d.”',
        remarks: (a: string, b: string) => [
          'Regel 1 boven de tabel: als titel gelezen, niet geïmporteerd.',
          `Regel 3, CNK ${a}: prijs niet gelezen: “n.d.”. Het product wordt zonder aankoopprijs geïmporteerd.`,
          `CNK ${b} staat op regels 4 en 5: één keer geïmporteerd, met de eerste opgegeven aankoopprijs, regel 4 (€\u00a02,30). Niet behouden: €\u00a02,45 (regel 5).`,
          'Regel 6: code 448703 gelezen als CNK 0448703 (de voorloopnul die een rekenblad weglaat, is teruggezet).',
          'Regel 6, CNK 0448703: Ongeldige CNK (controle\u00adcijfer). Geïmporteerd, maar geen enkele onlineapotheek wordt naar de prijs gevraagd: controleer de code.',
        ],
        mark: 'Ongeldige CNK (controle\u00adcijfer)',
        kept: '€\u00a02,30',
      },
    ],
  ] as const)(
    '%s at %o: the preview says what it did with each row; the table and the select agree',
    async (lang, viewport, email, t) => {
      const { page, context, pageErrors } = await journey.open({ viewport, locale: lang === 'fr' ? 'fr-BE' : 'nl-BE' });
      await registerProUser(journey.app, page, email, lang === 'fr' ? '' : '/nl');
      const [a, b] = (await demoCnks(journey.app, 2)) as [string, string];
      const groupName = 'Commande mensuelle du comptoir principal et de la parapharmacie';
      const dialog = await newGroupDialog(page, journey.url(t.route), t, groupName);
      const file = [
        'Pharmacie Peeters',
        t.header,
        `${a};A;n.d.;6`,
        `${b};B;2,30;6`,
        `${b};B bis;2,45;6`,
        '448703;C;3,10;6',
      ];
      await dialog.locator('input[type="file"]').setInputFiles({
        name: 'export.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(file.join('\r\n'), 'utf8'),
      });
      const report = dialog.getByTestId('pro-import-report');
      await report.waitFor();
      expect(await report.locator('li').allTextContents()).toEqual(t.remarks(a, b));
      expect(await dialog.getByTestId('preview-price').allTextContents()).toEqual([
        t.notRead,
        t.kept,
        expect.any(String),
      ]);
      await expectNoSeriousA11yViolations(page, `${lang} import remarks`);
      await dialog.getByRole('button', { name: t.save }).click();
      await dialog.waitFor({ state: 'detached' });

      // Analysed, the table holds the three lines announced: no price where none was read, the first price
      // kept, and the wrong check digit in the preview's words.
      await page.getByRole('button', { name: t.analyse, exact: true }).click();
      await page.getByTestId('pro-progress').waitFor({ state: 'detached', timeout: 60_000 });
      const rows = page.locator('[data-testid="pro-group-table"] tbody tr');
      await expect
        .poll(() => rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-cnk'))))
        .toEqual([a, b, '0448703']);
      // The purchase price is the row's own field: empty where none was read, the first price kept.
      const catalogue = (cnk: string) =>
        page
          .locator(`[data-testid="pro-group-table"] tbody tr[data-cnk="${cnk}"] td`)
          .nth(3)
          .locator('input')
          .inputValue();
      expect(await catalogue(a)).toBe('');
      expect(await catalogue(b)).toBe('2,30');
      const refused = page.locator('[data-testid="pro-group-table"] tbody tr[data-cnk="0448703"]');
      await expect.poll(() => refused.getAttribute('data-mark'), { timeout: 15_000 }).toBe('invalid_cnk');
      expect(await refused.locator('.pro-mark').textContent()).toBe(t.mark);
      // The row filter's longest option (the same words) does not push the page past the phone's width
      // (a phone browser then widens its layout viewport: innerWidth alone would not tell).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      // Offline, the long group name gives way and its line count stays whole inside the select.
      await context.setOffline(true);
      const select = page.locator('.pro-group-bar__select select');
      const shown = page.getByTestId('pro-group-select-shown');
      expect(await shown.locator('.pro-group-select__count').textContent()).toBe('(3)');
      const fit = await shown.evaluate((el) => {
        const name = el.querySelector('.pro-group-select__name')!;
        const count = el.querySelector('.pro-group-select__count')!.getBoundingClientRect();
        const box = el.parentElement!.querySelector('select')!.getBoundingClientRect();
        return {
          countInside: count.right <= box.right && count.left >= box.left,
          nameCut: name.scrollWidth > name.clientWidth,
        };
      });
      expect(fit).toEqual({ countInside: true, nameCut: true });
      expect(await select.locator('option:checked').textContent()).toBe(`${groupName} (3)`);
      await page.screenshot({ path: `/tmp/pro-import-remarks-${lang}-${viewport.width}.png` });
      await context.setOffline(false);
      expect(pageErrors).toEqual([]);
    },
  );

  it('phone: the tool fits the screen; the table scrolls inside its card', async () => {
    const { page } = await journey.open({ viewport: PHONE });
    await registerProUser(journey.app, page, 'phone.pro@example.be');
    await page.goto(journey.url('/pro'));
    await page.getByTestId('pro-tool-page').waitFor();
    await page.getByRole('button', { name: 'Groupe', exact: true }).click();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, 'Pro tool on a phone');
    await screenshot(page, 'pro-tool-phone');
  });
});
