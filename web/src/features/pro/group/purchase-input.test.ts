import { describe, expect, it } from 'vitest';
import { parsePurchaseInput } from './purchase-input';

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
