import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { runSearch } from './run-search';
import { searchKey } from './search-key';
import { dafalganStream } from './testing/search-fixtures';
import { deferred, sse } from '../../test/fakes/search-api-server';
import { serveSearchApi } from '../../test/fakes/serve-search-api';
import { whenNetworkFree } from '../../lib/pwa/when-network-free';

// ADR 165, end to end in the page: the app's real search, streamed by a real SSE server, holds the
// service worker back while it runs, however quiet the page is meanwhile, and releases it on its end.
const server = serveSearchApi();

describe('the first search and the service worker', () => {
  it('registration waits for the streamed search to finish, then starts without waiting for quiet', async () => {
    const lastShop = deferred();
    server.handle(sse(dafalganStream({ afterSecond: lastShop.promise })));
    const register = vi.fn();
    const dispatch = vi.fn();
    const cancel = whenNetworkFree(register, { quietMs: 150 });
    try {
      const search = runSearch('dafalgan', searchKey('dafalgan'), 'fr', new AbortController().signal, dispatch);
      await vi.waitFor(() => expect(dispatch.mock.calls.filter(([a]) => a.type === 'event').length).toBeGreaterThan(1));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(register).not.toHaveBeenCalled();

      lastShop.resolve();
      await search;
      await vi.waitFor(() => expect(register).toHaveBeenCalledTimes(1), { timeout: 100 });
      expect(server.requests.filter((r) => r.path.startsWith('/api/search'))).toHaveLength(1);
    } finally {
      cancel();
    }
  });
});
