import { describe, expect, it } from 'vitest';
import { brusselsDay, percentile, retailerHealth } from './search-activity';

describe('retailer health numbers', () => {
  it('computes nearest-rank percentiles', () => {
    const ms = Array.from({ length: 20 }, (_, i) => (i + 1) * 10);
    expect(percentile(ms, 50)).toBe(100);
    expect(percentile(ms, 95)).toBe(190);
    expect(percentile([42], 95)).toBe(42);
    expect(percentile([], 50)).toBeNull();
  });

  it('summarises calls per retailer, listing configured retailers without calls', () => {
    const calls = [
      { retailer: 'farmaline', status: 'ok', error: null, ms: 100 },
      { retailer: 'farmaline', status: 'empty', error: null, ms: 200 },
      { retailer: 'farmaline', status: 'error', error: 'parse_failed', ms: 300 },
      { retailer: 'farmaline', status: 'blocked', error: 'blocked', ms: 400 },
    ];
    expect(retailerHealth(calls, ['farmaline', 'newpharma'])).toEqual([
      {
        retailer: 'farmaline',
        searches: 4,
        success_rate: 0.5,
        median_ms: 200,
        p95_ms: 400,
        parse_failures: 1,
        blocks: 1,
        // The shop alarm's state is added by the health route.
        failing: null,
      },
      {
        retailer: 'newpharma',
        searches: 0,
        success_rate: null,
        median_ms: null,
        p95_ms: null,
        parse_failures: 0,
        blocks: 0,
        failing: null,
      },
    ]);
  });

  it('counts days in Brussels time', () => {
    expect(brusselsDay(Date.parse('2026-03-01T23:30:00Z'))).toBe('2026-03-02');
    expect(brusselsDay(Date.parse('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
  });

  it('changes day at the last millisecond of Brussels midnight, also when asked in a row', () => {
    expect(brusselsDay(Date.parse('2026-07-01T21:59:00.000Z'))).toBe('2026-07-01');
    expect(brusselsDay(Date.parse('2026-07-01T21:59:59.999Z'))).toBe('2026-07-01');
    expect(brusselsDay(Date.parse('2026-07-01T22:00:00.000Z'))).toBe('2026-07-02');
    expect(brusselsDay(Date.parse('2026-07-01T22:00:59.999Z'))).toBe('2026-07-02');
    expect(brusselsDay(Date.parse('2026-12-31T22:59:59.999Z'))).toBe('2026-12-31');
    expect(brusselsDay(Date.parse('2026-12-31T23:00:00.000Z'))).toBe('2027-01-01');
  });
});
