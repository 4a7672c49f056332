import { describe, expect, it } from 'vitest';
import { brusselsMonth, renewalDay } from './pro-quota';

describe('Pro allowance month', () => {
  it('follows the Brussels calendar, not UTC', () => {
    // 31 Jan 23:30 UTC is already 1 Feb in Brussels (UTC+1 in winter).
    expect(brusselsMonth(Date.UTC(2026, 0, 31, 23, 30))).toBe('2026-02');
    expect(brusselsMonth(Date.UTC(2026, 0, 31, 22, 30))).toBe('2026-01');
  });
  it('renews on the first day of the next month, across the year end', () => {
    expect(renewalDay('2026-11')).toBe('2026-12-01');
    expect(renewalDay('2026-12')).toBe('2027-01-01');
  });
});
