import { describe, expect, it } from 'vitest';
import { centsToEuros, parsePrice } from './price';

describe('parsePrice', () => {
  it.each([
    ['12,99 €', 12.99],
    ['12,99\u00a0€', 12.99],
    ['12,99\u202f€', 12.99],
    ['€ 12.99', 12.99],
    ['€12.99', 12.99],
    ['1.234,56 €', 1234.56],
    ['1 234,56 €', 1234.56],
    ['1\u00a0234,56\u00a0€', 1234.56],
    ['1,234.56 EUR', 1234.56],
    ['12 €', 12],
    ['12,- €', 12],
    ['12,5 €', 12.5],
    ['  8,95  ', 8.95],
    ['16,49', 16.49],
    ['12.99', 12.99],
    ['Prix : 7,50 €', 7.5],
    ['2 x 12,99 €', 12.99],
    ['30 comprimés 4,35 €', 4.35],
    ['1.234 €', 1234],
    // The euro sign as the decimal mark (cents often in a <sup>).
    ['12€99', 12.99],
    ['12€', 12],
    ['€12,99', 12.99],
    ['1.234€56', 1234.56],
    ['Prix : 12€99', 12.99],
    ['12,99EUR', 12.99],
    ['12.99 EUR', 12.99],
    ['EUR 12,99', 12.99],
    ['12,99 euros', 12.99],
    ['12,-', 12],
    ['12,--', 12],
    ['12.- €', 12],
    ['1,234.56 €', 1234.56],
    ["1'234.56 €", 1234.56],
    ['1 234 €', 1234],
    ['0,99 €', 0.99],
    ['12,99 € 12,99 €', 12.99],
    ['Économisez 20 % : 12,99 €', 12.99],
    // Upper-case words that are no currency code beside the amount.
    ['12,99 € TVA 21 % incl.', 12.99],
    ['PROMO 12,99 €', 12.99],
  ])('%j -> %d', (input, expected) => {
    expect(parsePrice(input)).toBe(expected);
  });

  it.each([
    [''],
    ['€'],
    ['gratuit'],
    ['0,00 €'],
    ['12,999,1 €'],
    ['Dafalgan 500 mg 30 comprimés'],
    // Ambiguous or malformed: null rather than a wrong number.
    ['1,234 €'],
    ['12€9'],
    ['12€999'],
    ['1.23.4,56 €'],
    ['1.234.56 €'],
    ['0.125 €'],
    ['30 12,99 €'],
    ['34,40 € 29,90 €'],
    ['10-12 €'],
    ['-3,00 €'],
    ['−20 %'],
    ['20%'],
    ['30 comprimés 4,35'],
    // Exponents and other number notations are no price (not their last digits next to the currency).
    ['1e308 €'],
    ['1e308 EUR'],
    ['12.50e2 €'],
    ['1E-2 €'],
    ['0x1F €'],
    // Another currency's sign or ISO code: never read as euros.
    ['$1250'],
    ['£5'],
    ['12 USD'],
    ['USD 12.00'],
    ['CHF12,50'],
    ['12,50 £'],
    ['US$ 12'],
    ['¥1250'],
    ['₹ 99'],
    [null],
    [undefined],
  ])('%j -> null', (input) => {
    expect(parsePrice(input)).toBeNull();
  });

  it('rounds numbers to cents', () => {
    expect(parsePrice(12.994)).toBe(12.99);
    expect(parsePrice(12.995)).toBe(13);
    expect(parsePrice(-3)).toBeNull();
  });
});

describe('centsToEuros', () => {
  it('converts integer cents', () => {
    expect(centsToEuros(1299)).toBe(12.99);
    expect(centsToEuros(435)).toBe(4.35);
    expect(centsToEuros('1299')).toBe(12.99);
  });
  it('rejects non-integers and junk', () => {
    expect(centsToEuros(12.99)).toBeNull();
    expect(centsToEuros('12,99')).toBeNull();
    expect(centsToEuros(null)).toBeNull();
    expect(centsToEuros(0)).toBeNull();
  });
});
