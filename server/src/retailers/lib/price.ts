// Belgian shop prices come as "12,99 €" (NBSP before €), "€ 12.99", "1.234,56 €", "1 234,56 €",
// "12 €", "12,-", "12€99" (euro sign as the decimal mark, cents often in <sup>) in HTML, as euro
// cents in Farmaline's JSON and as plain numbers elsewhere.
//
// A wrong price is worse than no price (the retailer then shows as unreadable), so anything that is
// not one clear amount answers null. Decisions on ambiguous forms:
// - the last separator followed by 1-2 digits is the decimal mark ("12,5", "1.234,56", "1,234.56");
// - "1.234" / "1 234" / "1'234" group thousands (Belgian shops use the dot for thousands);
// - a single comma followed by 3 digits ("1,234") is null: a comma is the decimal mark in fr/nl-BE, so
//   it is either a 3-decimal amount or an English thousands group, and nothing on the page says which;
// - groups must be well formed ("1.23.4,56", "30 12,99" are null) and cannot start with 0 ("0.125");
// - "12€99" is 12.99, but "12€9" / "12€999" are null;
// - a number in another notation ("1e308 €", "12.50e2", "0x1F") is null, not its last digits;
// - several different amounts next to a currency ("34,40 € 29,90 €"), a negative amount ("-3,00 €",
//   a discount) or a percentage ("-20 %") are null;
// - a text carrying another currency's sign ("$1250", "£5", "US$ 12") or, beside an amount, another
//   ISO 4217 code ("12 USD", "CHF12,50") is null: it is no euro price, whatever the page claims.

const NUMBER_TOKEN = /\d[\d\s.,']*\d|\d/g;
const CURRENCY_AFTER = /^(€|eur(os?)?\b)/i;
const CURRENCY_BEFORE = /(€|\beur)$/i;
const MAX_PRICE = 100_000;
/** An exponent ("1e308", "12.5E-2") or a hex/binary/octal literal ("0x1F"): never a shop's price. */
const OTHER_NOTATION = /\d[eE][+-]?\d|\b0[xXbBoO][\da-fA-F]/;

/** A currency sign other than the euro's (Unicode category Sc: $, £, ¥, ₹, …). */
const OTHER_CURRENCY_SIGN = /[^\P{Sc}€]/u;
/** The ISO 4217 codes other than EUR, as Node's ICU knows them. */
const OTHER_CURRENCY_CODES = new Set(Intl.supportedValuesOf('currency').filter((c) => c !== 'EUR'));

type Token = { raw: string; start: number; end: number };

/** A price in euros rounded to cents, or null when the text holds no single recognisable price. */
export function parsePrice(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  if (typeof input === 'number') return sane(input);
  let text = input.replace(/[\u00a0\u202f]/g, ' ');
  if (OTHER_NOTATION.test(text) || inOtherCurrency(text)) return null;
  // "12€99": the euro sign stands for the decimal mark, but only with exactly two cents digits.
  for (const m of text.matchAll(/\d€(\d+)/g)) if (m[1]!.length !== 2) return null;
  text = text.replace(/(\d)€(\d\d)/g, '$1,$2 €');
  const tokens: Token[] = [...text.matchAll(NUMBER_TOKEN)]
    .map((m) => ({ raw: m[0], start: m.index, end: m.index + m[0].length }))
    .filter((t) => !/^\s*%/.test(text.slice(t.end)));
  if (tokens.length === 0) return null;
  const priced = tokens.filter((t) => nextToCurrency(text, t));
  const candidates = priced.length ? priced : tokens;
  const values = new Set(candidates.map((t) => (isNegative(text, t) ? null : interpret(t.raw))));
  if (values.size !== 1) return null;
  return sane([...values][0]!);
}

/** Farmaline/Algolia prices are integer euro cents. */
export function centsToEuros(cents: unknown): number | null {
  const n = typeof cents === 'string' && /^\d+$/.test(cents.trim()) ? Number(cents) : cents;
  if (typeof n !== 'number' || !Number.isInteger(n)) return null;
  return sane(n / 100);
}

/** Another currency's sign anywhere, or its upper-case ISO code right beside an amount. */
function inOtherCurrency(text: string): boolean {
  if (OTHER_CURRENCY_SIGN.test(text)) return true;
  for (const m of text.matchAll(/(?<=\d\s*)[A-Z]{3}\b|\b[A-Z]{3}(?=\s*\d)/g)) {
    if (OTHER_CURRENCY_CODES.has(m[0])) return true;
  }
  return false;
}

function nextToCurrency(text: string, t: Token): boolean {
  const after = text
    .slice(t.end)
    .replace(/^[.,]-{1,2}/, '')
    .trimStart();
  return CURRENCY_AFTER.test(after) || CURRENCY_BEFORE.test(text.slice(0, t.start).trimEnd());
}

function isNegative(text: string, t: Token): boolean {
  return /[-\u2212]\s*(€|eur)?\s*$/i.test(text.slice(Math.max(0, t.start - 8), t.start));
}

function interpret(s: string): number | null {
  const decimalAt = Math.max(s.lastIndexOf(','), s.lastIndexOf('.'));
  let int = s;
  let frac = '';
  if (decimalAt >= 0 && /^\d{1,2}$/.test(s.slice(decimalAt + 1))) {
    int = s.slice(0, decimalAt);
    frac = s.slice(decimalAt + 1);
  }
  const digits = integerDigits(int, frac ? s[decimalAt]! : null);
  if (digits === null) return null;
  return Number(frac ? `${digits}.${frac}` : digits);
}

/** The digits of an integer part, thousands separators removed, or null when the grouping is malformed. */
function integerDigits(int: string, decimalMark: string | null): string | null {
  if (/^\d+$/.test(int)) return int;
  const separators = new Set(int.replace(/\d/g, ''));
  if (separators.size !== 1) return null;
  const sep = [...separators][0]!;
  if (sep === decimalMark) return null;
  const groups = int.split(sep);
  if (!/^[1-9]\d{0,2}$/.test(groups[0]!) || !groups.slice(1).every((g) => /^\d{3}$/.test(g))) return null;
  // "1,234" alone: decimal comma with 3 decimals, or English thousands? Not knowable.
  if (sep === ',' && groups.length === 2 && decimalMark === null) return null;
  return groups.join('');
}

function sane(value: number | null): number | null {
  if (value === null || !Number.isFinite(value) || value <= 0 || value > MAX_PRICE) return null;
  return Math.round(value * 100) / 100;
}

/**
 * A struck-out 'was' price as an offer field: kept only when it is a readable amount above the
 * selling price (a list or recommended price at or below it is no reduction; docs/retailers.md#farmaline).
 */
export function wasPriceField(was: number | null, price: number): { wasPrice?: number } {
  return was !== null && was > price ? { wasPrice: was } : {};
}
