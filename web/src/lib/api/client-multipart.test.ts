// @vitest-environment node
// Multipart bodies go through the runtime's own FormData/fetch pair (jsdom's FormData is not the
// one Node's fetch serialises), so this case runs in the node environment, without document.cookie.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sendJson, startLoopbackServer, type LoopbackServer } from '../../test/fakes/http-server';
import { api, setApiOrigin } from './client';

let server: LoopbackServer;

beforeAll(async () => {
  server = await startLoopbackServer((req, res) =>
    req.path === '/api/auth/csrf/' ? sendJson(res, 200, { csrfToken: 'multi' }) : sendJson(res, 200, { ok: true }),
  );
  setApiOrigin(server.origin);
});
afterAll(() => server.close());

it('sends FormData as multipart with the CSRF header and without the JSON content type', async () => {
  const form = new FormData();
  form.append('file', new Blob(['cnk;name\n1234567;Dafalgan'], { type: 'text/csv' }), 'group.csv');
  await expect(api.post('/groups/import/', form)).resolves.toEqual({ ok: true });
  const post = server.received.find((r) => r.method === 'POST');
  expect(post?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  expect(post?.headers['x-csrftoken']).toBe('multi');
  expect(post?.body).toContain('Dafalgan');
});
