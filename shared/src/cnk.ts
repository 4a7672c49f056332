import { parseGtin } from './gtin';

// CNK: the Belgian 7-digit pharmacy product code (docs/retailers.md#the-cnk-code). Sheets and some systems drop the
// leading zero, so 6 digits are accepted and left-padded. The 7th digit behaves as a Luhn check digit
// on real codes, but promo packs exist that fail it, so Luhn is informational and never blocks a search.

const SEPARATORS = /[\s.\u00a0\u202f]/g;
const CNK_PREFIX = /^cnk\s*[:#]?\s*/i;

function strip(input: string): string {
  return input.trim().replace(CNK_PREFIX, '').replace(SEPARATORS, '');
}

/** True for 6 or 7 digits, spaces and dots ignored (e.g. "448 70 39", "4.487.039", "CNK 4487039"). */
export function isValidCnkFormat(input: string): boolean {
  return /^\d{6,7}$/.test(strip(input));
}

/** The 7-digit CNK with leading zeros kept, or null when the input is not a CNK. */
export function normaliseCnk(input: string): string | null {
  const digits = strip(input);
  return /^\d{6,7}$/.test(digits) ? digits.padStart(7, '0') : null;
}

/** Luhn (mod 10) check over all digits, the last one being the check digit. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The Luhn check digit to append to `body` (e.g. 6 digits -> the 7th CNK digit). */
export function luhnCheckDigit(body: string): string {
  for (let d = 0; d <= 9; d++) {
    if (luhnValid(`${body}${d}`)) return String(d);
  }
  throw new Error('unreachable: one digit always satisfies Luhn');
}

export type ClassifiedQuery = { kind: 'cnk' | 'name' | 'ean'; value: string };

/**
 * A query of 6–7 digits (spaces/dots allowed) is a CNK; 8, 12, 13 or 14 digits forming a valid GTIN,
 * or a GS1 element string with AI (01), is an EAN (value: the canonical GTIN, docs/architecture.md#price-engine);
 * anything else is a name search.
 */
export function classifyQuery(query: string): ClassifiedQuery {
  const cnk = normaliseCnk(query);
  if (cnk) return { kind: 'cnk', value: cnk };
  const gtin = parseGtin(query);
  if (gtin) return { kind: 'ean', value: gtin };
  return { kind: 'name', value: query.trim().replace(/\s+/g, ' ') };
}
