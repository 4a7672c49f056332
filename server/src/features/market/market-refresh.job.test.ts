import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClock, type Clock } from '../../../test/helpers/clock';
import { closeDatabase, openDatabase, type Db } from '../../db/database';
import { migrate } from '../../db/migrate';
import { createLogger } from '../../lib/log';
import { createMarketRefreshJob, type RefreshOutcome, type RefreshShop } from './market-refresh.job';
import { createMarketRepository, type MarketRepository } from './market.repository';
import { createMarketService } from './market.service';

const HOUR = 3_600_000;
const SHOPS: RefreshShop[] = [
  { id: 'farmaline', feed: false },
  { id: 'multipharma', feed: false },
  { id: 'feedshop', feed: true },
];

let dir: string;
let db: Db;
let repository: MarketRepository;
let clock: Clock;
/** Every request the job made, with the fake time it started at. */
let requests: Array<{ retailer: string; cnk: string; at: number }>;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pharmaradar-market-'));
  db = openDatabase(join(dir, 'test.db'));
  migrate(db);
  repository = createMarketRepository(db);
  clock = createClock(Date.UTC(2026, 10, 28, 3, 0));
  requests = [];
  timers = [];
});
afterEach(() => {
  closeDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

/** Waits on the fake clock: each resolves when `drive` moves the clock to its time, earliest first. */
let timers: Array<{ at: number; wake: () => void }>;
const sleep = (ms: number) => new Promise<void>((wake) => timers.push({ at: clock.now() + ms, wake }));

/** Runs `pass` to its end on the fake clock: whenever everything waits, time jumps to the next wake-up. */
async function drive<T>(pass: Promise<T>): Promise<T> {
  let done = false;
  void pass.finally(() => (done = true));
  while (!done) {
    await new Promise((resolve) => setImmediate(resolve));
    timers.sort((a, b) => a.at - b.at);
    const next = timers.shift();
    if (!next) continue;
    clock.advance(Math.max(0, next.at - clock.now()));
    next.wake();
  }
  return pass;
}

/**
 * The job on the fake clock, each shop answering as `answer` says (after `answerMs` of fake time). What an answer writes into the store is the search's business: here a
 * successful one is stored as the search would.
 */
function job(
  answer: (retailer: string, cnk: string) => RefreshOutcome = () => ({ status: 'ok' }),
  answerMs: number | ((retailer: string) => number) = 0,
) {
  return createMarketRefreshJob({
    repository,
    shops: SHOPS,
    intervalMs: 1000,
    freshHours: 24,
    now: clock.now,
    log: createLogger({ level: 'error' }),
    sleep,
    refresh: async (retailer, cnk) => {
      requests.push({ retailer, cnk, at: clock.now() });
      const ms = typeof answerMs === 'number' ? answerMs : answerMs(retailer);
      if (ms > 0) await sleep(ms);
      const outcome = answer(retailer, cnk);
      if (outcome?.status === 'ok')
        repository.put(retailer, cnk, { status: 'ok', offers: [], ms, fetchedAt: clock.now() });
      return outcome;
    },
  });
}

const startsAt = (retailer: string) => requests.filter((r) => r.retailer === retailer).map((r) => r.at);
const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]!);

describe('the market refresh job', () => {
  it('never starts two requests to one shop closer than MARKET_RATE_PER_SHOP, and never asks a feed shop', async () => {
    repository.want(['0000001', '0000002', '0000003', '0000004', '0000005'], clock.now());
    const summary = await drive(job(undefined, 300).pass());
    expect(startsAt('farmaline')).toHaveLength(5);
    expect(startsAt('multipharma')).toHaveLength(5);
    expect(startsAt('feedshop')).toEqual([]);
    for (const shop of ['farmaline', 'multipharma'])
      for (const gap of gaps(startsAt(shop))) expect(gap).toBeGreaterThanOrEqual(1000);
    expect(summary.shops.map((s) => [s.retailer, s.due, s.refreshed])).toEqual([
      ['farmaline', 5, 5],
      ['multipharma', 5, 5],
    ]);
  });

  it('walks never-fetched CNKs first, then the oldest prices, the most wanted first among equals, and skips fresh ones', async () => {
    const now = clock.now();
    repository.want(['0000010', '0000011', '0000012', '0000013'], now);
    repository.want(['0000013'], now);
    repository.put('farmaline', '0000010', { status: 'ok', offers: [], ms: 1, fetchedAt: now - 30 * HOUR });
    repository.put('farmaline', '0000011', { status: 'ok', offers: [], ms: 1, fetchedAt: now - 40 * HOUR });
    repository.put('farmaline', '0000012', { status: 'ok', offers: [], ms: 1, fetchedAt: now - 2 * HOUR });
    await drive(job().pass());
    expect(requests.filter((r) => r.retailer === 'farmaline').map((r) => r.cnk)).toEqual([
      '0000013',
      '0000011',
      '0000010',
    ]);
  });

  it('stops asking a shop for the rest of the pass once it blocks (403/429 or cooling down), the others go on', async () => {
    repository.want(['0000001', '0000002', '0000003', '0000004'], clock.now());
    const summary = await drive(
      job((retailer, cnk) =>
        retailer === 'farmaline' && cnk === '0000002' ? { status: 'blocked', error: 'blocked' } : { status: 'ok' },
      ).pass(),
    );
    expect(requests.filter((r) => r.retailer === 'farmaline').map((r) => r.cnk)).toEqual(['0000001', '0000002']);
    expect(startsAt('multipharma')).toHaveLength(4);
    expect(summary.shops[0]).toMatchObject({ retailer: 'farmaline', refreshed: 1, failed: 1, stopped: 'blocked' });
  });

  it('gives a request up to a live search and asks again later, still within the rate', async () => {
    repository.want(['0000001', '0000002'], clock.now());
    let live = 2;
    const summary = await drive(
      job((retailer) => (retailer === 'farmaline' && live-- > 0 ? null : { status: 'ok' })).pass(),
    );
    expect(requests.filter((r) => r.retailer === 'farmaline').map((r) => r.cnk)).toEqual([
      '0000001',
      '0000001',
      '0000001',
      '0000002',
    ]);
    for (const gap of gaps(startsAt('farmaline'))) expect(gap).toBeGreaterThanOrEqual(1000);
    expect(summary.shops[0]).toMatchObject({ refreshed: 2, failed: 0, yielded: 2 });
  });

  it("takes as long as /admin's full-pass figure says, a shop slower than the rate setting its own pace", async () => {
    const cnks = ['0000001', '0000002', '0000003', '0000004', '0000005'];
    repository.want(cnks, clock.now());
    const market = createMarketService({ repository, freshHours: 24, intervalMs: 1000, now: clock.now });
    const pageShops = ['farmaline', 'multipharma'];
    // Before any answer nothing is measured: the figure is the configured floor, 5 × 1 s.
    expect(market.overview(pageShops)).toMatchObject({
      floorPassMs: 5000,
      fullPassMs: 5000,
      shops: [
        { retailer: 'farmaline', responseMs: null, passMs: 5000 },
        { retailer: 'multipharma', responseMs: null, passMs: 5000 },
      ],
    });
    // Farmaline answers in 1.5 s, slower than one request a second; Multipharma in 0.3 s.
    const answerMs = (retailer: string) => (retailer === 'farmaline' ? 1500 : 300);
    await drive(job(undefined, answerMs).pass());
    // A day later every price is stale again (the worst morning): the figure, then the pass itself.
    clock.advance(24 * HOUR);
    const overview = market.overview(pageShops);
    expect(overview).toMatchObject({
      floorPassMs: 5000,
      fullPassMs: 7500,
      shops: [
        { retailer: 'farmaline', responseMs: 1500, passMs: 7500 },
        { retailer: 'multipharma', responseMs: 300, passMs: 5000 },
      ],
    });
    const summary = await drive(job(undefined, answerMs).pass());
    expect(summary.shops.map((s) => s.refreshed)).toEqual([5, 5]);
    expect(summary.ms).toBe(overview.fullPassMs);
  });
});
