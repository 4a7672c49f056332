import { describe, expect, it } from 'vitest';
import { BELGIUM, formatMarketCapacity, marketCapacity } from './market-capacity';

describe('market capacity model', () => {
  it('counts a CNK shared by every group once, and one group alone in full', () => {
    const base = { universe: 1000, intervalMs: 1000, freshHours: 24 };
    expect(marketCapacity({ ...base, pharmacies: 1, groupSizes: [{ share: 1, size: 300 }] }).distinctCnks).toBe(300);
    expect(marketCapacity({ ...base, pharmacies: 50, groupSizes: [{ share: 1, size: 1000 }] }).distinctCnks).toBe(1000);
  });

  it('keeps Belgium fresh at one request a second per shop, and not at one a minute', () => {
    const perSecond = marketCapacity({ ...BELGIUM, intervalMs: 1000, freshHours: 24 });
    expect(perSecond.distinctCnks).toBeGreaterThan(19_900);
    expect(perSecond.distinctCnks).toBeLessThanOrEqual(20_000);
    expect(perSecond.passHours).toBeCloseTo(perSecond.distinctCnks / 3600, 5);
    expect(perSecond.allFresh).toBe(true);
    expect(marketCapacity({ ...BELGIUM, intervalMs: 60_000, freshHours: 24 }).allFresh).toBe(false);
    expect(formatMarketCapacity({ ...BELGIUM, intervalMs: 1000, freshHours: 24 }, perSecond)).toContain(
      '4700 pharmacies',
    );
  });
});
