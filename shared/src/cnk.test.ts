import { describe, expect, it } from 'vitest';
import { classifyQuery, isValidCnkFormat, luhnCheckDigit, luhnValid, normaliseCnk } from './cnk';

describe('normaliseCnk', () => {
  it('keeps 7 digits and left-pads 6 digits with a zero', () => {
    expect(normaliseCnk('4487039')).toBe('4487039');
    expect(normaliseCnk('168536')).toBe('0168536');
  });
  it('strips spaces, dots and a CNK prefix', () => {
    expect(normaliseCnk(' 448 70 39 ')).toBe('4487039');
    expect(normaliseCnk('4.487.039')).toBe('4487039');
    expect(normaliseCnk('CNK: 4487039')).toBe('4487039');
    expect(normaliseCnk('448\u00a07039')).toBe('4487039');
  });
  it('rejects anything that is not 6-7 digits', () => {
    for (const bad of ['', '12345', '12345678', '44870a9', 'dafalgan', '3282770149715', '-448703']) {
      expect(normaliseCnk(bad)).toBeNull();
    }
  });
});

describe('isValidCnkFormat', () => {
  it('accepts 6 or 7 digits only', () => {
    expect(isValidCnkFormat('4487039')).toBe(true);
    expect(isValidCnkFormat('487039')).toBe(true);
    expect(isValidCnkFormat('87039')).toBe(false);
    expect(isValidCnkFormat('44870399')).toBe(false);
  });
});

describe('luhnValid', () => {
  it('accepts real CNKs', () => {
    for (const cnk of ['4487039', '4886552', '4654430', '4873691', '3961125', '3720083', '4505541', '1303346']) {
      expect(luhnValid(cnk), cnk).toBe(true);
    }
  });
  it('rejects codes whose check digit is wrong (promo items and typos)', () => {
    expect(luhnValid('9806414')).toBe(false);
    expect(luhnValid('0168536')).toBe(false);
    expect(luhnValid('4487038')).toBe(false);
    expect(luhnValid('44a7039')).toBe(false);
  });
  it('luhnCheckDigit produces the digit that makes the code valid', () => {
    expect(luhnCheckDigit('448703')).toBe('9');
    expect(luhnValid(`123456${luhnCheckDigit('123456')}`)).toBe(true);
  });
});

describe('classifyQuery', () => {
  it('treats 6-7 digits (with spaces) as a CNK, even when Luhn fails', () => {
    expect(classifyQuery('448 7039')).toEqual({ kind: 'cnk', value: '4487039' });
    expect(classifyQuery('168536')).toEqual({ kind: 'cnk', value: '0168536' });
    expect(classifyQuery('9806414')).toEqual({ kind: 'cnk', value: '9806414' });
  });
  it('treats everything else as a name, whitespace collapsed', () => {
    expect(classifyQuery('  Dafalgan   500 mg ')).toEqual({ kind: 'name', value: 'Dafalgan 500 mg' });
    expect(classifyQuery('12345')).toEqual({ kind: 'name', value: '12345' });
    expect(classifyQuery('3282770149716')).toEqual({ kind: 'name', value: '3282770149716' });
  });
  it('treats a valid GTIN (8, 12, 13, 14 digits) or a GS1 (01) string as an EAN, canonical form', () => {
    expect(classifyQuery('3282770149715')).toEqual({ kind: 'ean', value: '3282770149715' });
    expect(classifyQuery('5 414963 013512')).toEqual({ kind: 'ean', value: '5414963013512' });
    expect(classifyQuery('05414963013512')).toEqual({ kind: 'ean', value: '5414963013512' });
    expect(classifyQuery('(01)05414963013512(17)271231(10)AB12')).toEqual({ kind: 'ean', value: '5414963013512' });
  });
});
