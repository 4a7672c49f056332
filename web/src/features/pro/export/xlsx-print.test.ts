// @vitest-environment node
// The export as it prints: LibreOffice turns the written workbook into a PDF, which is read back for
// its pages (A4 landscape, more than one, the header on each), the size its text is printed at (the
// content streams' font sizes) and, with pdftotext, where the words sit (the header never on the first
// product's line). It runs wherever LibreOffice is installed; where it is not, there is nothing to
// print with and the layout is checked by print-layout.test.ts alone.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { DEFAULT_PRICING_SETTINGS } from '@pharmaradar/shared/pricing.schema';
import { priceGroup } from '@pharmaradar/shared/margin-engine';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMessagesFromDisk } from '../../../test/disk-messages';
import { EXPORT_COLUMNS, exportLabelsFromMessages } from './export-labels';
import { writeGroupWorkbook } from './xlsx-export';

const onPath = (binary: string) =>
  (process.env.PATH ?? '').split(delimiter).some((dir) => dir && existsSync(join(dir, binary)));
const hasSoffice = onPath('soffice');
const hasPdftotext = onPath('pdftotext');
const LOCALES = ['fr', 'nl'] as const;

const FIRST_NAME = 'Dafalgan Forte 1 g comprimés effervescents sécables boîte de 40';
const priced = priceGroup(
  Array.from({ length: 45 }, (_, i) => ({
    cnk: String(1_000_000 + i * 7).padStart(7, '0'),
    name: i === 0 ? FIRST_NAME : `Nurofen ${200 + i} mg capsules molles`,
    vatPercent: 6,
    purchaseExVat: 8.5,
    offers: [10, 12, 15],
  })),
  DEFAULT_PRICING_SETTINGS,
);
const rows = priced.map((r) => ({ ...r, official: 'Dafalgan Forte 1 g comp. eff. séc. 40 (paracétamol) — Upsa' }));

type Word = { text: string; page: number; yMin: number; yMax: number };
type Printed = { pdf: Buffer; words: Word[] };
const printed = new Map<(typeof LOCALES)[number], Printed>();
let dir = '';

function fontSizes(pdf: Buffer): number[] {
  const raw = pdf.toString('latin1');
  const sizes: number[] = [];
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, raw.indexOf('endstream', start))).toString('latin1');
    } catch {
      continue; // not a deflated stream (an image, a font program)
    }
    for (const tf of content.matchAll(/([\d.]+) Tf\b/g)) sizes.push(Number(tf[1]));
  }
  return sizes;
}

function wordsOf(file: string): Word[] {
  if (!hasPdftotext) return [];
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  const words: Word[] = [];
  html.split('<page ').forEach((page, p) => {
    for (const w of page.matchAll(
      /<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<\/word>/g,
    )) {
      words.push({ page: p, yMin: Number(w[1]), yMax: Number(w[2]), text: w[3]!.replace(/&amp;/g, '&') });
    }
  });
  return words;
}

describe.runIf(hasSoffice)('the export printed by LibreOffice', () => {
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'pharmaradar-export-print-'));
    const files = LOCALES.map((locale) => {
      const file = join(dir, `${locale}.xlsx`);
      const labels = exportLabelsFromMessages(loadMessagesFromDisk(locale));
      const source = { shops: ['Farmaline'], from: '2026-07-01T07:10:00.000Z', to: null, demo: false };
      const input = {
        groupName: 'Comptoir',
        settings: DEFAULT_PRICING_SETTINGS,
        date: '2026-07-01',
        labels,
        rows,
        source,
      };
      writeFileSync(file, writeGroupWorkbook(XLSX, input));
      return file;
    });
    // Its own profile, so that a LibreOffice the user has open is neither used nor disturbed.
    const profile = `-env:UserInstallation=file://${join(dir, 'profile')}`;
    execFileSync('soffice', [profile, '--headless', '--convert-to', 'pdf', '--outdir', dir, ...files], {
      timeout: 240_000,
      stdio: 'ignore',
    });
    for (const locale of LOCALES) {
      const file = join(dir, `${locale}.pdf`);
      printed.set(locale, { pdf: readFileSync(file), words: wordsOf(file) });
    }
  }, 300_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it.each(LOCALES)('prints %s on A4 landscape pages, one page wide, with the text at 8 pt or more', (locale) => {
    const { pdf } = printed.get(locale)!;
    const raw = pdf.toString('latin1');
    // Calibri or its metric twin: another font would not print at the widths the layout counts on.
    expect(raw, 'LibreOffice needs Carlito, its metric twin of Calibri (fonts-crosextra-carlito)').toMatch(
      /\/BaseFont\s*\/\w+\+(Carlito|Calibri)/,
    );
    const pages = raw.match(/\/Type\s*\/Page\b/g)?.length ?? 0;
    // Forty-five products do not fit on one page at a readable size, nor need ten.
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(pages).toBeLessThan(10);
    const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(raw);
    expect([Math.round(Number(box?.[1])), Math.round(Number(box?.[2]))]).toEqual([842, 595]);
    const sizes = fontSizes(pdf);
    expect(sizes.length).toBeGreaterThan(0);
    // LibreOffice rounds its scale: 7.996 pt is 8 pt.
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(7.99);
  });

  it.runIf(hasPdftotext).each(LOCALES)(
    'prints the %s header on every page, above the first product and never over it',
    (locale) => {
      const { words } = printed.get(locale)!;
      const labels = exportLabelsFromMessages(loadMessagesFromDisk(locale));
      const onPage = (page: number) => words.filter((w) => w.page === page).map((w) => w.text);
      const headerWords = EXPORT_COLUMNS.flatMap((c) => labels.columns[c].split(/\s+/));
      // Words a too-narrow column breaks are not asserted whole: the label's first and last words are.
      for (const page of [1, 2]) {
        expect(onPage(page)).toEqual(expect.arrayContaining(['CNK', headerWords[0]]));
      }
      const first = words.find((w) => w.page === 1 && w.text === '1000000');
      expect(first, 'the first product’s CNK is printed').toBeDefined();
      const firstLine = words.filter((w) => w.page === 1 && Math.abs(w.yMin - first!.yMin) < 2).map((w) => w.text);
      expect(firstLine).toEqual(expect.arrayContaining(['Dafalgan', '1000000']));
      expect(firstLine.some((w) => /^1?2[.,]00$/.test(w))).toBe(true);
      // Nothing of the header on the first product's line, and the whole header above it.
      const rowWords = new Set([...FIRST_NAME.split(' '), ...rows[0]!.official.split(' ')]);
      expect(firstLine.filter((w) => headerWords.includes(w) && !rowWords.has(w))).toEqual([]);
      const header = words.filter((w) => w.page === 1 && headerWords.includes(w.text) && w.yMax < first!.yMin + 2);
      expect(Math.max(...header.map((w) => w.yMax))).toBeLessThanOrEqual(first!.yMin);
    },
  );
});
