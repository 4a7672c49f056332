import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { db } from '../../db/db';
import { setApiOrigin } from '../../lib/api/client';
import { startTestServer, type Handler, type TestServer } from './search-api-server';

/**
 * One scripted search API per test file (like serveAuthApi): started before the file's tests and
 * pointed at by the API client, its request log and the device's saved searches emptied before each
 * test, closed after. The returned object always speaks for the running server.
 */
export function serveSearchApi(): TestServer {
  let current: TestServer | undefined;
  const live = (): TestServer => {
    if (!current) throw new Error('the search API test server only runs inside tests');
    return current;
  };
  beforeAll(async () => {
    current = await startTestServer();
    setApiOrigin(current.url);
  });
  afterAll(async () => {
    setApiOrigin('');
    await current?.close();
  });
  beforeEach(async () => {
    live().requests.length = 0;
    setApiOrigin(live().url);
    await db.searches.clear();
  });
  return {
    get url() {
      return live().url;
    },
    get requests() {
      return live().requests;
    },
    handle: (handler: Handler) => live().handle(handler),
    close: () => live().close(),
  };
}
