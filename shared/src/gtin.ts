// GTIN (EAN-8, UPC-A, EAN-13, GTIN-14): the manufacturer's GS1 code printed on packs as an EAN-13 bar
// code and, on medicines, inside the FMD GS1 DataMatrix as application identifier (01). It is not
// derived from the CNK (docs/architecture.md#regulated-facts): GTIN -> CNK is a lookup, never a formula.

const GTIN_LENGTHS = new Set([8, 12, 13, 14]);
const SEPARATORS = /[\s.\-\u00a0\u202f]/g;
/** ASCII group separator: ends a variable-length element in a GS1 DataMatrix (FNC1). */
const GS = '\u001d';

/** The GS1 mod-10 check digit of `body` (weights 3,1,3,… from the right). */
export function gtinCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = Number(body[body.length - 1 - i]);
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return String((10 - (sum % 10)) % 10);
}

/** True for 8, 12, 13 or 14 digits whose last digit is the right GS1 check digit. */
export function isValidGtin(digits: string): boolean {
  if (!/^\d+$/.test(digits) || !GTIN_LENGTHS.has(digits.length)) return false;
  return gtinCheckDigit(digits.slice(0, -1)) === digits.at(-1);
}

/**
 * The canonical form used as search key: 13 digits (EAN-13) when the GTIN fits in 13, the 14-digit
 * GTIN otherwise. "05414963013512" (DataMatrix) and "5414963013512" (EAN-13) are one product.
 */
export function canonicalGtin(digits: string): string {
  const fourteen = digits.padStart(14, '0');
  return fourteen.startsWith('0') ? fourteen.slice(1) : fourteen;
}

/**
 * The GTIN of AI (01) in a GS1 element string, as the DataMatrix on medicine packs holds it:
 * "]d2" symbology prefix or not, "(01)…(17)…" human-readable brackets or raw "01…17…" with GS
 * separators. Null when the text does not start with AI 01 followed by a valid GTIN-14.
 */
export function gtinFromGs1(text: string): string | null {
  let rest = text.trim();
  if (rest.startsWith(']d2') || rest.startsWith(']C1') || rest.startsWith(']Q3')) rest = rest.slice(3);
  if (rest.startsWith(GS)) rest = rest.slice(1);
  const match = /^\(?01\)?(\d{14})(.?)/.exec(rest);
  // After the GTIN comes the end, the next AI (bracketed or not) or a GS separator, never more text.
  if (match && match[2] !== '' && !/[(\d]/.test(match[2]!) && match[2] !== GS) return null;
  if (!match) return null;
  return isValidGtin(match[1]!) ? canonicalGtin(match[1]!) : null;
}

/**
 * The canonical GTIN in what a user typed or a scanner read (plain digits, spaces allowed, or a GS1
 * element string), or null when it holds none.
 */
export function parseGtin(input: string): string | null {
  const digits = input.trim().replace(SEPARATORS, '');
  if (isValidGtin(digits)) return canonicalGtin(digits);
  return gtinFromGs1(input);
}
