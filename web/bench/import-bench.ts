// Import parse budgets: a 1,000-row .xlsx parsed in under 1 s and a 10,000-row one in
// under 5 s. The workbooks are written by SheetJS the way pharmacy software lays them out (title rows,
// header, CNK, name, price, VAT), then parsed by the very function the import worker runs, once each.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import * as XLSX from 'xlsx';
import { readImportFile } from '../src/features/pro/import/read-import-file';

export type ImportBenchCase = { rows: number; budgetMs: number };
export type ImportBenchRow = ImportBenchCase & {
  format: 'xlsx' | 'csv';
  bytes: number;
  parsedMs: number;
  cpuMs: number;
  kept: number;
};

export const FULL_IMPORT_BENCH: ImportBenchCase[] = [
  { rows: 1_000, budgetMs: 1_000 },
  { rows: 10_000, budgetMs: 5_000 },
];

function table(rows: number): (string | number)[][] {
  const out: (string | number)[][] = [
    ['Pharmacie Dupont — export des articles'],
    [],
    ['Code CNK', 'Désignation', "Prix d'achat HTVA", 'TVA'],
  ];
  for (let i = 0; i < rows; i++) {
    // Every third CNK lost its leading zero (stored as a number), as spreadsheets do.
    const cnk = i % 3 === 0 ? 100_000 + i : String(1_000_000 + i);
    out.push([
      cnk,
      `Produit de test ${i} — boîte de 30 comprimés`,
      Math.round((2 + (i % 500) / 7) * 100) / 100,
      i % 4 === 0 ? 21 : 6,
    ]);
  }
  return out;
}

export function xlsxBytes(rows: number): Uint8Array {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(table(rows)), 'Articles');
  return new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer);
}

function csvBytes(rows: number): Uint8Array {
  const lines = table(rows).map((cells) =>
    cells.map((c) => (typeof c === 'number' ? String(c).replace('.', ',') : c)).join(';'),
  );
  return new TextEncoder().encode(lines.join('\r\n'));
}

function measure(format: ImportBenchRow['format'], bytes: Uint8Array, c: ImportBenchCase): ImportBenchRow {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = readImportFile(XLSX, `bench.${format}`, bytes);
  const parsedMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  // CPU time beside wall time: on a shared machine the difference is other processes' load.
  const cpuMs = (used.user + used.system) / 1000;
  if (!result.ok) throw new Error(`bench file of ${c.rows} rows was not parsed: ${result.error}`);
  return { ...c, format, bytes: bytes.length, parsedMs, cpuMs, kept: result.rows.length };
}

export function runImportBench(cases: ImportBenchCase[] = FULL_IMPORT_BENCH): ImportBenchRow[] {
  // One untimed small parse first, so module and JIT start-up are not billed to the first case.
  readImportFile(XLSX, 'warm.xlsx', xlsxBytes(50));
  return cases.flatMap((c) => [measure('xlsx', xlsxBytes(c.rows), c), measure('csv', csvBytes(c.rows), c)]);
}

export function formatImportBench(rows: ImportBenchRow[]): string {
  const lines = [
    "\nPharmaRadar Pro import parse (the import worker's parser under node, one run each; budgets: 1,000 rows < 1 s, 10,000 rows < 5 s)",
    `Load average: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores; wall time well above cpu time means other processes were running.`,
    '| file | rows kept | size | parsed in (wall) | cpu | budget | within |',
    '|------|-----------|------|------------------|-----|--------|--------|',
    ...rows.map(
      (r) =>
        `| ${r.rows.toLocaleString('en-US')}-row .${r.format} | ${r.kept.toLocaleString('en-US')} | ${(r.bytes / 1024).toFixed(0)} kB | ${r.parsedMs.toFixed(0)} ms | ${r.cpuMs.toFixed(0)} ms | ${r.budgetMs.toLocaleString('en-US')} ms | ${r.parsedMs < r.budgetMs ? 'yes' : 'NO'} (${(r.parsedMs / r.budgetMs).toFixed(2)} of budget) |`,
    ),
  ];
  return lines.join('\n');
}
