// What the Pro journeys and the Pro bench share: a Pro account, CNKs the demo market sells, an import file.
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import * as XLSX from 'xlsx';
import type { AppHandle } from './harness';
import { registerAndVerify } from './register';

/** Registers through the form (code from the outbox), lands on `/`, then makes the account Pro the way billing does. */
export async function registerProUser(app: AppHandle, page: Page, email: string, lang = ''): Promise<void> {
  await registerAndVerify(page, app, `${app.url}${lang}/register`, { email, password: 'un mot de passe solide' });
  await page.waitForFunction(() => !location.pathname.endsWith('/verify-otp'));
  // An active subscription is what the Stripe webhook would have stored (the billing journey covers that path).
  const db = new Database(path.join(app.dataDir, 'pharmaradar.db'), { fileMustExist: true });
  try {
    db.prepare("UPDATE users SET subscription_status = 'active' WHERE email = ?").run(email);
  } finally {
    db.close();
  }
}

/** `count` CNKs the demo market sells, found through the (unmetered) consumer search. */
export async function demoCnks(app: AppHandle, count: number): Promise<string[]> {
  const found = new Set<string>();
  const brands = ['dafalgan', 'vichy', 'avene', 'la roche-posay', 'eucerin', 'nurofen', 'bioderma', 'uriage'];
  const more = ['caudalie', 'weleda', 'mustela', 'etixx', 'vicks', 'strepsils', 'puressentiel', 'nuxe', 'nivea'];
  for (const q of [...brands, ...more, 'davitamon', 'arkopharma', 'voltaren', 'supradyn', 'sensodyne']) {
    const res = await fetch(`${app.url}/api/search/?q=${encodeURIComponent(q)}`, {
      headers: { Accept: 'application/json' },
    });
    if (!res.ok) continue;
    const body = (await res.json()) as { products: { cnk: string | null }[] };
    for (const p of body.products) if (p.cnk) found.add(p.cnk);
    if (found.size >= count) break;
  }
  if (found.size < count) throw new Error(`the demo market gave only ${found.size} CNKs`);
  return [...found].slice(0, count);
}

/** A pharmacy export as an .xlsx: a title row, a header, CNK / name / purchase price excl. VAT / VAT. */
export function importWorkbook(cnks: readonly string[], extra: (string | number)[][] = []): Buffer {
  const rows: (string | number)[][] = [
    ['Pharmacie Dupont — articles'],
    ['Code CNK', 'Désignation', "Prix d'achat HTVA", 'TVA'],
    ...cnks.map((cnk, i) => [cnk, `Article ${i + 1}`, 2 + i, 6]),
    ...extra,
  ];
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Articles');
  return Buffer.from(XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
}
