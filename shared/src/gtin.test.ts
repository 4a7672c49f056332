import { describe, expect, it } from 'vitest';
import { canonicalGtin, gtinCheckDigit, gtinFromGs1, isValidGtin, parseGtin } from './gtin';

describe('GTIN check digit', () => {
  it('computes the GS1 mod-10 digit of real pack codes (docs/retailers.md#sample-codes)', () => {
    expect(gtinCheckDigit('328277014971')).toBe('5');
    expect(gtinCheckDigit('541496301351')).toBe('2');
    expect(gtinCheckDigit('340136021223')).toBe('7');
  });
  it('accepts 8, 12, 13 and 14 digits with the right check digit only', () => {
    expect(isValidGtin('3282770149715')).toBe(true);
    expect(isValidGtin('3282770149714')).toBe(false);
    expect(isValidGtin('96385074')).toBe(true); // EAN-8
    expect(isValidGtin('036000291452')).toBe(true); // UPC-A
    expect(isValidGtin('05414963013512')).toBe(true);
    expect(isValidGtin('4487039')).toBe(false);
    expect(isValidGtin('54149630135120')).toBe(false);
  });
  it('maps every length to one canonical key', () => {
    expect(canonicalGtin('05414963013512')).toBe('5414963013512');
    expect(canonicalGtin('036000291452')).toBe('0036000291452');
    expect(canonicalGtin('15414963013519')).toBe('15414963013519');
  });
});

describe('GS1 DataMatrix (FMD) content', () => {
  const gs = '\u001d';
  it('reads AI (01) from raw, bracketed and symbology-prefixed element strings', () => {
    expect(gtinFromGs1(`010541496301351217271231${gs}10AB12${gs}21XYZ`)).toBe('5414963013512');
    expect(gtinFromGs1(`]d2010541496301351221SERIAL`)).toBe('5414963013512');
    expect(gtinFromGs1('(01)05414963013512(10)LOT')).toBe('5414963013512');
  });
  it('refuses strings without AI 01 first or with a wrong check digit', () => {
    expect(gtinFromGs1('10AB12')).toBeNull();
    expect(gtinFromGs1('0105414963013513')).toBeNull();
    expect(gtinFromGs1('https://example.org/01/05414963013512')).toBeNull();
  });
  it('parseGtin takes typed digits with spaces as well', () => {
    expect(parseGtin(' 5414963 013512 ')).toBe('5414963013512');
    expect(parseGtin('dafalgan')).toBeNull();
  });
});
