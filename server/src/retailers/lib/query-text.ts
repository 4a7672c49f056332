// What a retailer receives as the search text. Control characters (C0 incl. NUL and ESC, DEL, C1) and
// lone UTF-16 surrogates mean nothing to a shop's search and only make our requests look odd (or trip
// a WAF), so they never leave the server; line breaks and tabs become spaces. Letters of any script,
// digits, punctuation and emoji are kept: they are ordinary text once URL-encoded.

const WHITESPACE_CONTROLS = /[\t\n\v\f\r\u0085]/g;
const OTHER_CONTROLS = /[\p{Cc}\p{Cs}]/gu;

export function retailerQueryText(value: string): string {
  return value.replace(WHITESPACE_CONTROLS, ' ').replace(OTHER_CONTROLS, '').replace(/\s+/g, ' ').trim();
}
