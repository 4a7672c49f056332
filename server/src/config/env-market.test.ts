import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'pharmaradar-env-market-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const load = (vars: Record<string, string> = {}) => loadEnv({ DATA_DIR: dataDir, ...vars });

describe('the market settings', () => {
  it('default to prices fresh for 24 hours, one request a second per shop, a pass every hour', () => {
    expect(load()).toMatchObject({ MARKET_FRESH_H: 24, MARKET_RATE_PER_SHOP: 1000, MARKET_REFRESH_INTERVAL_MIN: 60 });
  });

  it('read a rate per second, minute or hour as the least time between two requests to a shop', () => {
    expect(load({ MARKET_RATE_PER_SHOP: '2/s' }).MARKET_RATE_PER_SHOP).toBe(500);
    expect(load({ MARKET_RATE_PER_SHOP: ' 30/min ' }).MARKET_RATE_PER_SHOP).toBe(2000);
    expect(load({ MARKET_RATE_PER_SHOP: '100/h' }).MARKET_RATE_PER_SHOP).toBe(36_000);
  });

  it.each([
    ['MARKET_RATE_PER_SHOP', '0/s'],
    ['MARKET_RATE_PER_SHOP', '1/day'],
    ['MARKET_RATE_PER_SHOP', 'fast'],
    ['MARKET_RATE_PER_SHOP', '101/s'],
    ['MARKET_FRESH_H', '0'],
    ['MARKET_FRESH_H', '169'],
    ['MARKET_FRESH_H', '1.5'],
    ['MARKET_REFRESH_INTERVAL_MIN', '-1'],
  ])('refuses %s=%s at start-up, naming the variable', (name, value) => {
    expect(() => load({ [name]: value })).toThrow(EnvError);
    expect(() => load({ [name]: value })).toThrow(new RegExp(name));
  });
});
