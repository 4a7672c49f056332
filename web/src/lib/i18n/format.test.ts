import { describe, expect, it } from 'vitest';
import { formatClockTime, formatDateTime, formatNumber, formatPrice } from './format';

// A device set to another zone than Brussels (Tokyo, UTC+9): what the app shows must still be Belgian.
process.env.TZ = 'Asia/Tokyo';

// Intl inserts narrow/non-breaking spaces: compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('format', () => {
  it('formats euro prices per interface language', () => {
    expect(plain(formatPrice(12.5, 'fr'))).toBe('12,50 €');
    expect(plain(formatPrice(1234.5, 'nl'))).toMatch(/^€ 1\.234,50$/);
    expect(plain(formatPrice(12.5, 'en'))).toMatch(/^€12\.50$/);
  });

  it('formats numbers with the Belgian separators', () => {
    expect(plain(formatNumber(1234.5, 'fr'))).toBe('1 234,5');
    expect(plain(formatNumber(1234.5, 'nl'))).toBe('1.234,5');
  });

  it('formats dates in Brussels time and ignores invalid input', () => {
    const summer = '2026-07-01T10:00:00Z'; // 12:00 in Brussels (CEST)
    expect(plain(formatDateTime(summer, 'fr'))).toContain('12:00');
    expect(formatDateTime('not a date', 'fr')).toBe('');
  });

  it('tells the time of day in Brussels, whatever zone the device is in', () => {
    const lateEvening = Date.UTC(2026, 10, 28, 22, 30); // 23:30 in Brussels, 07:30 the next day in Tokyo
    for (const locale of ['fr', 'nl', 'en'] as const) expect(formatClockTime(lateEvening, locale)).toBe('23:30');
    expect(formatClockTime('2026-07-01T05:05:00Z', 'fr')).toBe('07:05');
  });
});
