import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { mkdir } from 'node:fs/promises';
import { ARTIFACTS, ROOT } from '../support/harness';
import { useJourney } from '../support/journey';
import { demoCnks } from '../support/pro';
import { registerAndVerify } from '../support/register';

const run = promisify(execFile);

/** The counter tablet and the narrowest phone the pages are laid out for. */
const WIDTHS = [
  { name: 'tablet', viewport: { width: 1180, height: 820 } },
  { name: 'phone', viewport: { width: 360, height: 740 } },
] as const;

const TEXTS = {
  fr: {
    route: '/admin',
    empty: 'Aucun CNK demandé pour l’instant : le marché n’a rien à tenir à jour.',
    summary: /^3 CNK demandés ; un prix reste frais 24 h\.$/,
    // Multipharma's demo latency (1.1 s) is slower than one request a second: the slowest shop as
    // measured sets the pace (on a loaded machine it may be another one).
    pass: /^Un passage complet prend (\d+(?:,\d)?)\ss : (?:farmaline|medimarket|multipharma) répond en (\d(?:,\d\d?)?)\ss \(mesuré\), plus lentement que le plancher configuré d’une requête toutes les 1 s par pharmacie, qui à lui seul prendrait 3\ss\.$/,
    fresh: '3 sur 3',
  },
  nl: {
    route: '/nl/admin',
    empty: 'Nog geen CNK gevraagd: de markt heeft niets actueel te houden.',
    summary: /^3 CNK’s gevraagd; een prijs blijft 24 u vers\.$/,
    pass: /^Een volledige ronde duurt (\d+(?:,\d)?)\ssec: (?:farmaline|medimarket|multipharma) antwoordt in (\d(?:,\d\d?)?)\ssec \(gemeten\), trager dan de ingestelde ondergrens van één verzoek per 1 s per apotheek, die alleen 3\ssec zou duren\.$/,
    fresh: '3 van 3',
  },
} as const;

// The /admin market panel as staff read it (ADR 249, 255): empty before any CNK is wanted; after a
// pass of `npm run market:refresh`, the wanted CNKs, the share fresh per shop, each shop's measured
// response time and a full pass's time, in French and Dutch, on the counter tablet and on a phone.
describe('admin market panel', () => {
  // One request a second per shop; the demo shops answer in 150, 600 and 1,100 ms (harness.ts).
  const journey = useJourney({ env: { MARKET_RATE_PER_SHOP: '1/s', MARKET_FRESH_H: '24' } });
  const SLOW = { timeout: 300_000 };

  const cliEnv = () => ({ ...journey.app.env, PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent' });
  const cli = (file: string, args: string[] = []) =>
    run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/src/jobs', file), ...args], {
      cwd: path.join(ROOT, 'server'),
      env: cliEnv(),
    });

  /** Every stored price a day and a half older, as on the morning after a night without a pass. */
  function ageTheStore() {
    const db = new Database(path.join(journey.app.dataDir, 'pharmaradar.db'), { fileMustExist: true });
    try {
      db.prepare('UPDATE market_prices SET fetched_at = fetched_at - ?').run(36 * 3_600_000);
    } finally {
      db.close();
    }
  }

  async function panel(page: Page, lang: keyof typeof TEXTS) {
    await page.goto(journey.url(TEXTS[lang].route));
    const section = page.getByTestId('admin-market');
    await section.locator('h2').waitFor();
    await section.locator('.admin-empty, [data-testid="admin-market-summary"]').first().waitFor();
    return section;
  }

  /** No part of the page runs past the window's right edge (the table scrolls inside its own box). */
  const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

  it('says nothing is wanted yet, then after a refresh pass shows the figures as measured', SLOW, async () => {
    const { page, pageErrors } = await journey.open({ locale: 'fr-BE' });
    await registerAndVerify(page, journey.app, journey.url('/register'), {
      email: 'ops@example.be',
      password: 'a strong password',
    });
    await page.waitForFunction(() => !location.pathname.endsWith('/verify-otp'));
    await cli('staff.cli.ts', ['ops@example.be']);

    for (const lang of ['fr', 'nl'] as const) {
      const section = await panel(page, lang);
      expect(await section.locator('.admin-empty').textContent()).toBe(TEXTS[lang].empty);
      await mkdir(ARTIFACTS, { recursive: true });
      await section.screenshot({ path: path.join(ARTIFACTS, `admin-market-${lang}-empty.png`) });
    }

    // Three CNKs wanted (searched by their code), their prices aged, then one pass as an operator runs it.
    const cnks = await demoCnks(journey.app, 3);
    for (const cnk of cnks)
      expect((await fetch(journey.url(`/api/search/?q=${cnk}`), { headers: { Accept: 'application/json' } })).ok).toBe(
        true,
      );
    ageTheStore();
    await cli('market-refresh.cli.ts');

    for (const lang of ['fr', 'nl'] as const) {
      const t = TEXTS[lang];
      for (const { name, viewport } of WIDTHS) {
        await page.setViewportSize(viewport);
        const section = await panel(page, lang);
        expect(await section.getByTestId('admin-market-summary').textContent()).toMatch(t.summary);
        const passText = (await section.getByTestId('admin-market-pass').textContent()) ?? '';
        const pass = t.pass.exec(passText);
        expect(pass).not.toBeNull();
        // The pass is the slowest shop's: three requests, each as long as it takes to answer.
        const [total, response] = [pass![1]!, pass![2]!].map((n) => Number(n.replace(',', '.')));
        expect(total).toBeCloseTo(3 * response!, 0);
        const rows = section.getByTestId('admin-market-row');
        expect(await rows.count()).toBe(3);
        for (const row of await rows.all()) expect(await row.textContent()).toContain(t.fresh);
        expect(await overflows(page)).toBe(false);
        await mkdir(ARTIFACTS, { recursive: true });
        await section.screenshot({ path: path.join(ARTIFACTS, `admin-market-${lang}-${name}.png`) });
      }
    }
    expect(pageErrors).toEqual([]);
  });
});
