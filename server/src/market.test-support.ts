import { beforeEach } from 'vitest';
import type { Clock } from '../test/helpers/clock';
import type { TestServer } from '../test/helpers/test-server';
import type { CountingDemo } from './demo/counting-demo';
import { useCachedSearchServer } from './features/search/testing/search-test-kit.test-support';

// The market store's API suites (its readers, Pro pricing): one search server before counting demo
// shops for the whole suite, on a clock the tests move.

export interface MarketTestServer {
  readonly server: TestServer;
  readonly shops: CountingDemo;
  clock: Clock;
  /** Requests that reached the demo shops since the test began or since the last `shops.reset()`. */
  asked(): number;
}

/**
 * The search cache (15 min) is long gone an hour later: only the market store can answer then. A
 * stored price is fresh for 24 hours; the refresh job runs only when a test calls
 * `server.marketRefresh()`, as fast as the shops answer. `env` adds to these settings.
 */
export function useMarketServer(env: () => Record<string, string> = () => ({})): MarketTestServer {
  const ctx = useCachedSearchServer({
    start: Date.UTC(2026, 10, 28, 5, 0),
    env: () => ({ MARKET_FRESH_H: '24', MARKET_REFRESH_INTERVAL_MIN: '0', MARKET_RATE_PER_SHOP: '100/s', ...env() }),
  });
  beforeEach(() => ctx.shops.reset());
  return {
    get server() {
      return ctx.server;
    },
    get shops() {
      return ctx.shops;
    },
    clock: ctx.clock,
    asked: () => Object.values(ctx.shops.counts()).reduce((a, b) => a + b, 0),
  };
}
