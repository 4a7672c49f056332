import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING_SETTINGS, defaultVatPercent, pricingSettingsSchema } from './pricing.schema';

describe('pricingSettingsSchema', () => {
  it('accepts the defaults (balanced, 20 %, 30 %) and equal or zero margins', () => {
    expect(pricingSettingsSchema.parse(DEFAULT_PRICING_SETTINGS)).toEqual({
      minMarginPercent: 20,
      idealMarginPercent: 30,
      strategy: 'balanced',
    });
    expect(
      pricingSettingsSchema.safeParse({ minMarginPercent: 25, idealMarginPercent: 25, strategy: 'aggressive' }).success,
    ).toBe(true);
    expect(
      pricingSettingsSchema.safeParse({ minMarginPercent: 0, idealMarginPercent: 0, strategy: 'conservative' }).success,
    ).toBe(true);
    expect(
      pricingSettingsSchema.safeParse({ minMarginPercent: 0, idealMarginPercent: 99.9, strategy: 'balanced' }).success,
    ).toBe(true);
  });

  it.each([
    [{ minMarginPercent: 31, idealMarginPercent: 30, strategy: 'balanced' }, 'minMarginPercent'],
    [{ minMarginPercent: -1, idealMarginPercent: 30, strategy: 'balanced' }, 'minMarginPercent'],
    [{ minMarginPercent: 20, idealMarginPercent: 100, strategy: 'balanced' }, 'idealMarginPercent'],
    [{ minMarginPercent: 20, idealMarginPercent: 30, strategy: 'max' }, 'strategy'],
    [{ minMarginPercent: Number.NaN, idealMarginPercent: 30, strategy: 'balanced' }, 'minMarginPercent'],
  ])('refuses %o on %s', (value, field) => {
    const result = pricingSettingsSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path[0])).toContain(field);
  });
});

describe('defaultVatPercent', () => {
  it('is 6 % for a medicine and 21 % otherwise', () => {
    expect(defaultVatPercent(true)).toBe(6);
    expect(defaultVatPercent(false)).toBe(21);
  });
});
