import { describe, expect, it } from 'vitest';
import { freshUntil, isFresh } from './market-freshness';

const HOUR = 3_600_000;
const now = Date.UTC(2026, 10, 28, 6, 10);

describe('the market store freshness rule', () => {
  it('holds a price fresh iff it was fetched less than MARKET_FRESH_H hours ago', () => {
    expect(isFresh(now, now, 24)).toBe(true);
    expect(isFresh(now - 24 * HOUR + 1, now, 24)).toBe(true);
    expect(isFresh(now - 24 * HOUR, now, 24)).toBe(false);
    expect(isFresh(now - 25 * HOUR, now, 24)).toBe(false);
    expect(isFresh(now - 2 * HOUR, now, 1)).toBe(false);
    expect(isFresh(now - 2 * HOUR, now, 3)).toBe(true);
  });

  it('never takes a price stamped after now for a fresh one (a clock that went back)', () => {
    expect(isFresh(now + 60_000, now, 24)).toBe(false);
  });

  it('says a price stops being fresh exactly when isFresh stops holding it fresh', () => {
    const fetchedAt = now - 3 * HOUR;
    const until = freshUntil(fetchedAt, 24);
    expect(isFresh(fetchedAt, until - 1, 24)).toBe(true);
    expect(isFresh(fetchedAt, until, 24)).toBe(false);
  });
});
