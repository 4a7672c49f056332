// Belgian shop prices come as "12,99 €" (NBSP before €), "€ 12.99", "1.234,56 €", "1 234,56 €",
// "12 €", "12,-" in HTML, as euro cents in Farmaline's JSON and as plain numbers elsewhere.

const NUMBER_TOKEN = /\d[\d\s\u00a0\u202f.,']*\d|\d/g;
const CURRENCY = /€|\bEUR\b/i;
const MAX_PRICE = 100_000;

/** A price in euros rounded to cents, or null when the text holds no single recognisable price. */
export function parsePrice(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  if (typeof input === 'number') return sane(input);
  const text = input.replace(/[\u00a0\u202f]/g, ' ');
  const tokens = [...text.matchAll(NUMBER_TOKEN)].map((m) => ({
    raw: m[0],
    start: m.index,
    end: m.index + m[0].length,
  }));
  if (tokens.length === 0) return null;
  const nextToCurrency = tokens.find(
    (t) =>
      CURRENCY.test(
        text
          .slice(t.end, t.end + 5)
          .trimStart()
          .slice(0, 3),
      ) || /(€|EUR)\s*$/i.test(text.slice(Math.max(0, t.start - 5), t.start)),
  );
  const chosen = nextToCurrency ?? (tokens.length === 1 ? tokens[0] : undefined);
  return chosen ? sane(interpret(chosen.raw)) : null;
}

/** Farmaline/Algolia prices are integer euro cents. */
export function centsToEuros(cents: unknown): number | null {
  const n = typeof cents === 'string' && /^\d+$/.test(cents.trim()) ? Number(cents) : cents;
  if (typeof n !== 'number' || !Number.isInteger(n)) return null;
  return sane(n / 100);
}

function interpret(raw: string): number | null {
  const s = raw.replace(/[\s']/g, '').replace(/[.,]$/, '');
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    const decimal = lastComma > lastDot ? ',' : '.';
    const thousands = decimal === ',' ? '.' : ',';
    const [int, frac, ...more] = s.split(thousands).join('').split(decimal);
    if (more.length || !/^\d{1,2}$/.test(frac ?? '') || !int) return null;
    return Number(`${int}.${frac}`);
  }
  const sep = lastComma >= 0 ? ',' : lastDot >= 0 ? '.' : null;
  if (!sep) return Number(s);
  const parts = s.split(sep);
  if (parts.length === 2 && /^\d{1,2}$/.test(parts[1]!)) return Number(`${parts[0]}.${parts[1]}`);
  // "1.234" / "1,234,567": the separator groups thousands.
  if (parts.slice(1).every((p) => /^\d{3}$/.test(p)) && /^\d{1,3}$/.test(parts[0]!)) return Number(parts.join(''));
  return null;
}

function sane(value: number | null): number | null {
  if (value === null || !Number.isFinite(value) || value <= 0 || value > MAX_PRICE) return null;
  return Math.round(value * 100) / 100;
}
