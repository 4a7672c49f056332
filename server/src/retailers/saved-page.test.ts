import { demoShops } from '../demo/demo-shops';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixture } from './lib/fixture';
import { runRetailersCheck, type CheckEnv } from './retailers-check';
import { pageSaver, parseSavedPage } from './saved-page';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const tmp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'saved-pages-'));
  dirs.push(dir);
  return dir;
};
const readFixture = (file: string) => {
  const [retailer, name] = file.split('/');
  return fixture(retailer!, name!);
};

describe('npm run retailers:parse', () => {
  it('prints the offers of a saved page as JSON, every field present', () => {
    const outcome = parseSavedPage(['farmaline', 'farmaline/product-variants.html'], readFixture);
    expect(outcome.code).toBe(0);
    expect(JSON.parse(outcome.stdout)).toEqual([
      {
        name: 'Ducray Kelual Émulsion Nouvelle Formule 50 ml',
        brand: 'Ducray',
        cnk: '3720083',
        gtin: null,
        price: 15.79,
        wasPrice: 17.2,
        url: 'https://www.farmaline.be/fr/beaute/BE03720083/ducray-kelual-emulsion-nouvelle-formule.htm',
        image: 'https://cgn-mig.farmaline.be/images/BE0/372/008/3/BE03720083-p10.jpg',
        inStock: true,
        prescription: false,
      },
    ]);
  });

  it('exits 1 with the reason when the page cannot be parsed, read, or the retailer is unknown', () => {
    expect(parseSavedPage(['medimarket', 'medimarket/changed-markup.html'], readFixture)).toMatchObject({
      code: 1,
      stdout: '',
      stderr: expect.stringMatching(
        /cannot parse medimarket\/changed-markup\.html: parse_failed: medimarket: no product tiles/,
      ),
    });
    expect(parseSavedPage(['farmaline', '/nowhere.html'], readFileSync as never)).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^cannot read \/nowhere\.html: ENOENT/),
    });
    expect(parseSavedPage(['shop', 'x.html'], readFixture)).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(
        /^usage: npm run retailers:parse -- <farmaline\|medimarket\|multipharma\|newpharma>/,
      ),
    });
  });
});

describe('npm run retailers:check -- --save <dir>', () => {
  it('keeps each raw page fetched, headed by its capture, and parse reads it back', async () => {
    const dir = tmp();
    const saver = pageSaver(dir, () => new Date('2026-11-26T10:00:00Z'));
    const env: CheckEnv = {
      RETAILERS_MODE: 'demo',
      RETAILERS: ['farmaline', 'medimarket'],
      RETAILER_TIMEOUT_MS: 3000,
      DEMO_LATENCY_MS: {},
      DEMO_FAULTS: {},
      DEMO_PRICES_MOVE: false,
    };
    const { ok } = await runRetailersCheck(env, demoShops, ['dafalgan'], { onPage: saver.save });
    expect(ok).toBe(true);
    const files = readdirSync(dir).sort();
    expect(files.filter((f) => f.startsWith('farmaline-'))).toHaveLength(1);
    // Medi-Market's name search asks both of its shops.
    expect(files.filter((f) => f.startsWith('medimarket-'))).toHaveLength(2);
    const page = readFileSync(join(dir, 'farmaline-01.html'), 'utf8');
    expect(page).toMatch(
      /^<!-- evidence: capture of http:\/\/127\.0\.0\.1:\d+\/fr\/search\.htm\?q=dafalgan&searchChannel=algolia \(HTTP 200\) by npm run retailers:check on 2026-11-26T10:00:00\.000Z -->\n<!DOCTYPE html>/,
    );
    const outcome = parseSavedPage(['farmaline', join(dir, 'farmaline-01.html')], (f) => readFileSync(f, 'utf8'));
    expect(outcome.code).toBe(0);
    expect((JSON.parse(outcome.stdout) as unknown[]).length).toBeGreaterThan(0);
  });
});
