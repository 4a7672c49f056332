import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, startLoopbackServer, type LoopbackServer } from './http-server';

describe('loopback test server scopes', () => {
  let server: LoopbackServer;
  beforeAll(async () => {
    server = await startLoopbackServer((req, res) => sendJson(res, 200, { path: req.path }));
  });
  afterAll(() => server.close());

  it('answers every scope, and records only the current one, its paths as the client asked them', async () => {
    const first = server.newScope();
    const second = server.newScope();
    // A late request of the earlier scope (a page a previous test left behind) is answered, not recorded.
    const late = (await (await fetch(`${first}/api/auth/me/`)).json()) as { path: string };
    const current = (await (await fetch(`${second}/api/auth/me/?x=1`)).json()) as { path: string };
    expect([late.path, current.path]).toEqual(['/api/auth/me/', '/api/auth/me/?x=1']);
    expect(server.received.map((r) => r.path)).toEqual(['/api/auth/me/?x=1']);
  });
});
