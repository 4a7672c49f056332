import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResultSchema, type RetailerErrorCode, type RetailerStatus } from '@pharmaradar/shared/search.schema';
import type { DemoFault } from '../../demo/demo-config';
import type { RetailerId } from '../../retailers/types';
import {
  TEST_LATENCY_MS,
  searchEvents,
  searchUrl,
  startSearchTestServer,
  type SearchTestServer,
} from './testing/search-test-kit.test-support';

type FaultCase = { fault: DemoFault; retailer: RetailerId; status: RetailerStatus; error?: RetailerErrorCode };

// One server per fault: a 403/429 puts the shop's host in a cool-down that would leak into other cases.
// The faulty shop answers after a clearly longer base latency, so "slow" (3x) shows in its time even
// when the machine adds overhead.
const FAULTY_LATENCY_MS = 200;
const CASES: FaultCase[] = [
  { fault: 'slow', retailer: 'farmaline', status: 'ok' },
  { fault: 'timeout', retailer: 'medimarket', status: 'timeout', error: 'timeout' },
  { fault: '5xx', retailer: 'multipharma', status: 'error', error: 'error' },
  { fault: '403', retailer: 'farmaline', status: 'blocked', error: 'blocked' },
  { fault: 'garbage', retailer: 'medimarket', status: 'error', error: 'parse_failed' },
  { fault: '429', retailer: 'multipharma', status: 'blocked', error: 'blocked' },
];

describe.each(CASES)('a $retailer answering with fault "$fault"', ({ fault, retailer, status, error }) => {
  let ctx: SearchTestServer;
  beforeAll(async () => {
    // A short retailer timeout keeps the "timeout" case quick; the healthy shops answer well within it.
    ctx = await startSearchTestServer(
      { RETAILER_TIMEOUT_MS: '1500', SEARCH_CACHE_TTL_S: '0' },
      { faults: { [retailer]: fault }, latencyMs: { ...TEST_LATENCY_MS, [retailer]: FAULTY_LATENCY_MS } },
    );
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it(`gets status ${status} while the other retailers still deliver`, async () => {
    const response = await fetch(searchUrl(ctx.server.url, 'vichy'), { headers: { accept: 'application/json' } });
    expect(response.status).toBe(200);
    const result = searchResultSchema.parse(await response.json());

    const summary = result.retailers.find((r) => r.id === retailer)!;
    expect(summary.status).toBe(status);
    expect(summary.error).toBe(error);
    for (const other of result.retailers.filter((r) => r.id !== retailer)) expect(other.status).toBe('ok');

    const sellers = new Set(result.products.flatMap((p) => p.offers.map((o) => o.retailer)));
    for (const other of result.retailers.filter((r) => r.id !== retailer)) expect(sellers.has(other.id)).toBe(true);
    expect(sellers.has(retailer)).toBe(status === 'ok');
    // A lower bound only: "slow" makes the shop answer in 3x its latency, and nothing is ever faster.
    if (fault === 'slow') expect(summary.ms).toBeGreaterThanOrEqual(2.5 * FAULTY_LATENCY_MS);
  });

  it('reports the same status in the event stream, which still ends with the result', async () => {
    const { events } = await searchEvents(ctx.server.url, 'avène');
    const event = events.find((e) => e.event === 'retailer' && e.data.retailer === retailer);
    expect(
      event?.event === 'retailer' && {
        status: event.data.status,
        error: event.data.error,
        offers: event.data.offers.length > 0,
      },
    ).toEqual({
      status,
      error,
      offers: status === 'ok',
    });
    expect(events.at(-1)?.event).toBe('result');
    expect(events.some((e) => e.event === 'stage' && e.data.stage === 'first_results')).toBe(true);
  });
});
