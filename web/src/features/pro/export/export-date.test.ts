import { describe, expect, it } from 'vitest';
import { exportDate } from './export-date';

// A device set to another zone than Brussels (Tokyo, UTC+9): the export's date must still be Belgian.
process.env.TZ = 'Asia/Tokyo';

describe('exportDate', () => {
  it('is the calendar day in Brussels, whatever zone the device is in', () => {
    // 23:30 on 28 November in Brussels is already 07:30 on the 29th in Tokyo.
    expect(exportDate(Date.UTC(2026, 10, 28, 22, 30))).toBe('2026-11-28');
    expect(exportDate(Date.UTC(2026, 10, 28, 23, 30))).toBe('2026-11-29');
    // Summer time: 00:30 on 1 July in Brussels is still 30 June in UTC.
    expect(exportDate(Date.UTC(2026, 5, 30, 22, 30))).toBe('2026-07-01');
  });
});
