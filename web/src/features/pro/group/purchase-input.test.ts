import { describe, expect, it } from 'vitest';
import { formatPurchaseInput, parsePurchaseInput } from './purchase-input';

describe('a purchase price as typed', () => {
  it.each([
    ['12,50', 12.5],
    ['12.50', 12.5],
    [' 3,5 €', 3.5],
    ['7', 7],
  ])('reads %j as %d', (typed, value) => expect(parsePurchaseInput(typed)).toEqual({ ok: true, value }));

  it('reads an empty field as no price (it clears the line’s)', () => {
    expect(parsePurchaseInput('  ')).toEqual({ ok: true, value: null });
  });

  it.each(['abc', '12,50,1', '1.234,50', '-3', '0', '0,00', '12,5x', '2000000'])('refuses %j', (typed) =>
    expect(parsePurchaseInput(typed)).toEqual({ ok: false }),
  );
});

describe('a purchase price shown for editing', () => {
  it.each([
    ['fr', 12.5, '12,50'],
    ['nl', 12.5, '12,50'],
    ['en', 12.5, '12,50'],
    ['fr', 7, '7,00'],
    ['nl', 1234.5, '1234,50'],
    ['en', 0.1234, '0,1234'],
  ] as const)('%s: %d reads %j', (locale, value, shown) => expect(formatPurchaseInput(value, locale)).toBe(shown));

  it('shows no price as an empty field', () => {
    expect(formatPurchaseInput(null, 'nl')).toBe('');
  });

  it.each(['fr', 'nl', 'en'] as const)('%s: reads back as the same price', (locale) => {
    for (const value of [0.01, 3.5, 12.5, 19.99, 1234.5678, 999999.99])
      expect(parsePurchaseInput(formatPurchaseInput(value, locale))).toEqual({ ok: true, value });
  });
});
