import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSearchPage as parseFarmaline } from './farmaline/farmaline.parse';
import { parseSearchPage as parseMedimarket } from './medimarket/medimarket.parse';
import { parseSearchPage as parseMultipharma } from './multipharma/multipharma.parse';
import { parseSearchPage as parseNewpharma } from './newpharma/newpharma.parse';
import type { FetchedPage } from './lib/polite-fetch';
import { DEFAULT_BASE_URLS } from './registry';
import { isRetailerId, RETAILER_IDS, RetailerError, type RetailerId, type RetailerOffer } from './types';

// The tools for the day a shop changes (docs/decisions/133): `retailers:check -- --save <dir>` keeps
// the raw pages it fetched, `retailers:parse -- <retailer> <page>` says what a connector reads from one.

const PARSERS: Record<RetailerId, (html: string, baseUrl: string) => RetailerOffer[]> = {
  farmaline: parseFarmaline,
  medimarket: parseMedimarket,
  multipharma: parseMultipharma,
  newpharma: parseNewpharma,
};

/** The offer fields the command prints, every one present (null when the page does not say). */
export function printableOffer(o: RetailerOffer) {
  return {
    name: o.name,
    brand: o.brand,
    cnk: o.cnk,
    gtin: o.gtin ?? null,
    price: o.price,
    wasPrice: o.wasPrice ?? null,
    url: o.url,
    image: o.image,
    inStock: o.inStock,
    prescription: o.prescription,
  };
}

export const PARSE_USAGE = `usage: npm run retailers:parse -- <${RETAILER_IDS.join('|')}> <saved page>`;

export type ParseOutcome = { code: 0 | 1; stdout: string; stderr: string };

/** `retailers:parse <retailer> <file>`: offers as JSON on stdout, or exit 1 with the reason. */
export function parseSavedPage(args: string[], read: (file: string) => string): ParseOutcome {
  const [retailer, file] = args;
  if (!retailer || !file || !isRetailerId(retailer)) return { code: 1, stdout: '', stderr: PARSE_USAGE };
  let html: string;
  try {
    html = read(file);
  } catch (error) {
    return { code: 1, stdout: '', stderr: `cannot read ${file}: ${(error as Error).message}` };
  }
  try {
    const offers = PARSERS[retailer](html, DEFAULT_BASE_URLS[retailer]);
    return { code: 0, stdout: JSON.stringify(offers.map(printableOffer), null, 2), stderr: '' };
  } catch (error) {
    const reason = error instanceof RetailerError ? `${error.kind}: ${error.message}` : String(error);
    return { code: 1, stdout: '', stderr: `cannot parse ${file}: ${reason}` };
  }
}

/** Saves each fetched page as <dir>/<retailer>-<n>.html, its first line naming the capture. */
export function pageSaver(dir: string, now: () => Date = () => new Date()) {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const saved: string[] = [];
  return {
    saved,
    save(retailer: RetailerId, page: FetchedPage): void {
      const file = join(dir, `${retailer}-${String(++count).padStart(2, '0')}.html`);
      // "--" cannot appear inside an HTML comment.
      const where = page.url.replace(/--/g, '%2D%2D');
      const header = `<!-- evidence: capture of ${where} (HTTP ${page.status}) by npm run retailers:check on ${now().toISOString()} -->\n`;
      writeFileSync(file, header + page.body);
      saved.push(file);
    },
  };
}
