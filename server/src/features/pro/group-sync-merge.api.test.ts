import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/helpers/test-client';
import { createTestClient } from '../../../test/helpers/test-client';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { accountOn } from '../../../test/helpers/pro-account';

// ADR 132: two tablets of one pharmacy edit the same group. Each push carries the server
// version it edited from (`base`); the server merges, orders by its own sequence, and says what lost.
type Content = { name: string; description: string; cnks: string[] };
const content = (name: string, cnks: string[], description = ''): Content => ({ name, description, cnks });
const edit = (id: string, updatedAt: number, data: Content, base: (Content & { seq: number }) | null) => ({
  kind: 'group',
  id,
  updatedAt,
  deleted: false,
  data,
  base,
});
const sync = (client: TestClient, since: number, changes: unknown[], lang?: string) =>
  client.post('/api/groups/sync/', { since, changes }, lang ? { lang } : {});
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test reads of the JSON answer
const find = (body: any, id: string) => body.changes.find((c: { id: string }) => c.id === id);

describe('POST /api/groups/sync: concurrent edits', () => {
  let server: TestServer;
  let tabletA: TestClient;
  let tabletB: TestClient;
  beforeAll(async () => {
    server = await startTestServer();
    tabletA = await accountOn(server, 'merge@example.be', true);
    tabletB = createTestClient(server.url);
    const login = await tabletB.post('/api/auth/login/', {
      username: 'merge@example.be',
      password: 'Correct horse 42',
    });
    expect(login.status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A group made on tablet A, as both tablets then hold it (the base of their next edits). */
  async function shared(initial: Content) {
    const id = randomUUID();
    const made = await sync(tabletA, 0, [edit(id, Date.now(), initial, null)]);
    expect(made.status).toBe(200);
    const seq: number = find(made.body, id).seq;
    return { id, base: { seq, ...initial } };
  }

  it("keeps both devices' CNK additions and a removal made on one side, from the same base", async () => {
    const { id, base } = await shared(content('Winter', ['4487039', '1234560']));
    const a = await sync(tabletA, 0, [
      edit(id, Date.now(), content('Winter', ['4487039', '1234560', '2222229']), base),
    ]);
    expect(a.status).toBe(200);
    // Tablet B never saw A's addition: it adds another CNK and removes one, from the same base.
    const b = await sync(tabletB, 0, [edit(id, Date.now(), content('Winter', ['4487039', '3333338']), base)]);
    expect(b.status).toBe(200);
    expect(find(b.body, id).data.cnks).toEqual(['4487039', '2222229', '3333338']);
    expect(b.body.notApplied).toEqual([]);
    // Tablet A gets the merged group on its next sync.
    const onA = await sync(tabletA, a.body.seq, []);
    expect(find(onA.body, id).data).toEqual(content('Winter', ['4487039', '2222229', '3333338']));
  });

  it('applies an edit from a device whose clock is 5 minutes slow', async () => {
    const { id, base } = await shared(content('Cough', ['4487039']));
    const slow = Date.now() - 5 * 60 * 1000;
    const res = await sync(tabletB, 0, [edit(id, slow, content('Cough and cold', ['4487039', '2222229']), base)]);
    expect(res.status).toBe(200);
    expect(find(res.body, id).data).toEqual(content('Cough and cold', ['4487039', '2222229']));
    expect(res.body.notApplied).toEqual([]);
  });

  it('never lets a timestamp from the far future freeze a group', async () => {
    const id = randomUUID();
    const before = Date.now();
    const future = await sync(tabletA, 0, [edit(id, Number.MAX_SAFE_INTEGER, content('Frozen?', ['4487039']), null)]);
    expect(future.status).toBe(200);
    const stored = find(future.body, id);
    // Stamped with the server's clock, not the device's.
    expect(stored.updatedAt).toBeGreaterThanOrEqual(before);
    expect(stored.updatedAt).toBeLessThanOrEqual(Date.now());
    const base = { seq: stored.seq, ...content('Frozen?', ['4487039']) };
    const later = await sync(tabletB, 0, [edit(id, Date.now(), content('Not frozen', ['4487039']), base)]);
    expect(find(later.body, id).data.name).toBe('Not frozen');
  });

  it('tells the device which change lost: an edit of a group deleted elsewhere, a conflicting rename', async () => {
    const gone = await shared(content('Summer', ['4487039']));
    await sync(tabletA, 0, [{ kind: 'group', id: gone.id, updatedAt: Date.now(), deleted: true, data: null }]);
    const renamed = await shared(content('Allergy', ['4487039']));
    await sync(tabletA, 0, [edit(renamed.id, Date.now(), content('Allergy A', ['4487039']), renamed.base)]);

    const res = await sync(tabletB, 0, [
      edit(gone.id, Date.now(), content('Summer', ['4487039', '2222229']), gone.base),
      edit(renamed.id, Date.now(), content('Allergy B', ['4487039', '2222229']), renamed.base),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.notApplied).toEqual([
      { kind: 'group', id: gone.id, reason: 'deleted', fields: [] },
      { kind: 'group', id: renamed.id, reason: 'conflict', fields: ['name'] },
    ]);
    expect(find(res.body, gone.id)).toMatchObject({ deleted: true, data: null });
    // The name A gave stays; B's CNK addition is still merged in.
    expect(find(res.body, renamed.id).data).toEqual(content('Allergy A', ['4487039', '2222229']));
  });
});
