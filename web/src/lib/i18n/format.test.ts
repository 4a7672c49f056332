import { describe, expect, it } from 'vitest';
import { formatDateTime, formatNumber, formatPrice } from './format';

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
});
