import { createClock, type Clock } from '../../../../test/helpers/clock';
import { useForSuite } from '../../../../test/helpers/suite';
import { startTestServer, type TestServer, type TestServerOptions } from '../../../../test/helpers/test-server';
import { startCountingDemo, type CountingDemo, type CountingDemoOptions } from '../../../demo/counting-demo';

export { searchEvents, searchUrl } from './sse';

export type SearchTestServer = { server: TestServer; shops: CountingDemo; close(): Promise<void> };

/** Fast, distinct latencies: the order in which retailers answer is known in advance. */
// Far enough apart that the order of answers holds on a loaded shared machine.
export const TEST_LATENCY_MS = { farmaline: 20, medimarket: 300, multipharma: 700 };

/** The real server in demo mode, its connectors pointed at counting demo shops. */
export async function startSearchTestServer(
  env: Record<string, string> = {},
  demoOptions: CountingDemoOptions = {},
  serverOptions: TestServerOptions = {},
): Promise<SearchTestServer> {
  const shops = await startCountingDemo({ latencyMs: TEST_LATENCY_MS, ...demoOptions });
  let server: TestServer;
  try {
    server = await startTestServer(
      { RETAILERS_MODE: 'demo', SEARCH_RATE_LIMIT_PER_MIN: '1000', ...shops.envOverrides, ...env },
      serverOptions,
    );
  } catch (error) {
    await shops.close();
    throw error;
  }
  return {
    server,
    shops,
    async close() {
      await server.close();
      await shops.close();
    },
  };
}

/**
 * One search server for the whole suite (its hooks registered here), whose answers are cached for
 * 15 minutes on a clock the test moves with `clock.advance`, from `start` (now unless given); `env`
 * adds to its settings when it starts. Read `server` and `shops` inside a test.
 */
export function useCachedSearchServer(options: { start?: number; env?: () => Record<string, string> } = {}): {
  readonly server: TestServer;
  readonly shops: CountingDemo;
  clock: Clock;
} {
  const clock = createClock(options.start);
  const running = useForSuite(() =>
    startSearchTestServer({ SEARCH_CACHE_TTL_S: '900', ...options.env?.() }, {}, { now: clock.now }),
  );
  return {
    get server() {
      return running().server;
    },
    get shops() {
      return running().shops;
    },
    clock,
  };
}
