import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_MAX_REQUEST_BYTES } from '@pharmaradar/shared/group-sync-limits';
import type { TestClient } from '../../../test/helpers/test-client';
import { createTestClient } from '../../../test/helpers/test-client';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { accountOn } from '../../../test/helpers/pro-account';

const group = (id: string, updatedAt: number, name: string, cnks = ['4487039']) => ({
  kind: 'group',
  id,
  updatedAt,
  deleted: false,
  data: { name, description: '', cnks },
});
const sync = (client: TestClient, since: number, changes: unknown[], lang?: string) =>
  client.post('/api/groups/sync/', { since, changes }, lang ? { lang } : {});

describe('POST /api/groups/sync', () => {
  let server: TestServer;
  let tabletA: TestClient;
  let tabletB: TestClient;
  beforeAll(async () => {
    server = await startTestServer();
    tabletA = await accountOn(server, 'pharma@example.be', true);
    // A second device of the same pharmacist: its own session.
    tabletB = createTestClient(server.url);
    const login = await tabletB.post('/api/auth/login/', {
      username: 'pharma@example.be',
      password: 'Correct horse 42',
    });
    expect(login.status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('stores a group from one device and hands it to the other with a sequence number', async () => {
    const id = randomUUID();
    const first = await sync(tabletA, 0, [group(id, 1000, 'Vitamins')]);
    expect(first.status).toBe(200);
    expect(first.body.seq).toBeGreaterThan(0);
    const onB = await sync(tabletB, 0, []);
    // Stamped with the server's clock when stored: the device's 1000 orders nothing (ADR 132).
    expect(onB.body.changes).toContainEqual(
      expect.objectContaining({
        id,
        updatedAt: expect.any(Number),
        data: expect.objectContaining({ name: 'Vitamins' }),
      }),
    );
    expect(onB.body.changes.find((c: { id: string }) => c.id === id).updatedAt).toBeGreaterThan(1000);
    // Nothing new after the device's last seq.
    expect((await sync(tabletB, onB.body.seq, [])).body).toEqual({
      seq: onB.body.seq,
      changes: [],
      more: false,
      notApplied: [],
      // How often an open Pro tool asks again: PRO_PULL_EVERY_S, 12 s unless configured.
      pullEverySeconds: 12,
    });
  });

  // ADR 132: the device's updatedAt no longer decides (a slow clock lost edits with a 200).
  // A push without a base (an older client) replaces the group in the order pushes arrive.
  it('orders pushes by their arrival at the server, not by the devices clocks', async () => {
    const id = randomUUID();
    await sync(tabletA, 0, [group(id, 2000, 'Newer name')]);
    const stale = await sync(tabletB, 0, [group(id, 1500, 'Sent later from a slow clock')]);
    const stored = stale.body.changes.filter((c: { id: string }) => c.id === id);
    expect(stored).toHaveLength(1);
    expect(stored[0].data.name).toBe('Sent later from a slow clock');
    const newer = await sync(tabletB, 0, [group(id, 2500, 'Newest name')]);
    expect(newer.body.changes.find((c: { id: string }) => c.id === id).data.name).toBe('Newest name');
  });

  it('replays idempotently: the same request twice stores nothing new', async () => {
    const id = randomUUID();
    const body = [group(id, 3000, 'Replay')];
    const once = await sync(tabletA, 0, body);
    const twice = await sync(tabletA, 0, body);
    expect(twice.body.seq).toBe(once.body.seq);
    expect(twice.body.changes).toEqual(once.body.changes);
  });

  it('on an exact updatedAt tie stores the later arrival, and both devices end on it', async () => {
    const id = randomUUID();
    const first = await sync(tabletA, 0, [group(id, 2200, 'Stored first')]);
    const tie = await sync(tabletB, 0, [group(id, 2200, 'Same instant elsewhere')]);
    expect(tie.body.changes.find((c: { id: string }) => c.id === id).data.name).toBe('Same instant elsewhere');
    const onA = await sync(tabletA, first.body.seq, []);
    expect(onA.body.changes.find((c: { id: string }) => c.id === id).data.name).toBe('Same instant elsewhere');
  });

  it('replays a batch that was partly stored already without a new seq for what it held', async () => {
    const kept = randomUUID();
    const first = await sync(tabletA, 0, [group(kept, 3500, 'Sent before the connection dropped')]);
    const added = randomUUID();
    // The device never saw the answer: it sends its whole outbox again from its old cursor, plus a new change.
    const again = await sync(tabletA, 0, [
      group(kept, 3500, 'Sent before the connection dropped'),
      group(added, 3600, 'New'),
    ]);
    const byId = (res: typeof again, id: string) => res.body.changes.find((c: { id: string }) => c.id === id);
    expect(byId(again, kept).seq).toBe(byId(first, kept).seq);
    expect(byId(again, added).seq).toBe(again.body.seq);
  });

  it('stores the tombstone of a group created and deleted offline, never seen by the server', async () => {
    const id = randomUUID();
    const res = await sync(tabletB, 0, [{ kind: 'group', id, updatedAt: 3700, deleted: true, data: null }]);
    expect(res.status).toBe(200);
    expect(res.body.changes.find((c: { id: string }) => c.id === id)).toMatchObject({ deleted: true, data: null });
  });

  it('spreads deletions as tombstones without the group content', async () => {
    const id = randomUUID();
    const created = await sync(tabletA, 0, [group(id, 4000, 'Temporary')]);
    await sync(tabletA, created.body.seq, [{ kind: 'group', id, updatedAt: 4100, deleted: true, data: null }]);
    const onB = await sync(tabletB, created.body.seq, []);
    expect(onB.body.changes).toEqual([expect.objectContaining({ id, deleted: true, data: null })]);
    // An edit from an offline device does not bring it back, and the device is told.
    const late = await sync(tabletB, 0, [group(id, 4050, 'Temporary edited offline')]);
    expect(late.body.changes.find((c: { id: string }) => c.id === id)).toMatchObject({ deleted: true, data: null });
    expect(late.body.notApplied).toEqual([{ kind: 'group', id, reason: 'deleted', fields: [] }]);
  });

  it('syncs the settings, validated by the shared schema', async () => {
    const settings = {
      kind: 'settings',
      id: 'settings',
      updatedAt: 5000,
      deleted: false,
      data: { minMarginPercent: 25, idealMarginPercent: 35, strategy: 'aggressive' },
    };
    await sync(tabletA, 0, [settings]);
    const onB = await sync(tabletB, 0, []);
    expect(onB.body.changes.find((c: { kind: string }) => c.kind === 'settings').data).toEqual(settings.data);
    const invalid = {
      ...settings,
      updatedAt: 6000,
      data: { minMarginPercent: 40, idealMarginPercent: 30, strategy: 'balanced' },
    };
    expect((await sync(tabletA, 0, [invalid])).status).toBe(400);
  });

  it('refuses a group without a name, with the form message', async () => {
    const res = await sync(tabletA, 0, [group(randomUUID(), 7000, '  ')], 'en');
    expect(res.status).toBe(400);
    expect(res.body.fields['changes.0.data.name']).toBe('Group name is required.');
  });

  it('keeps each user to their own groups', async () => {
    const other = await accountOn(server, 'other@example.be', true);
    expect((await sync(other, 0, [])).body).toEqual({
      seq: 0,
      changes: [],
      more: false,
      notApplied: [],
      pullEverySeconds: 12,
    });
  });

  it('refuses free accounts, logged-out visitors and oversized bodies', async () => {
    const free = await accountOn(server, 'free-sync@example.be', false);
    expect((await sync(free, 0, [])).status).toBe(403);
    expect((await sync(createTestClient(server.url), 0, [])).status).toBe(401);
    const cnks = Array.from({ length: 2000 }, (_, i) => String(1000000 + i));
    // Past the route's own cap (a full group with its lines fits under it, docs/decisions/151).
    const big = Array.from({ length: Math.ceil(SYNC_MAX_REQUEST_BYTES / 20_000) + 5 }, () =>
      group(randomUUID(), 8000, 'Big', cnks),
    );
    const refused = await sync(tabletA, 0, big);
    expect(refused.status).toBe(413);
    expect(refused.body.code).toBe('payload_too_large');
    // More changes than one request may carry (SYNC_MAX_CHANGES): the client sends them in slices.
    const many = Array.from({ length: 201 }, () => ({
      kind: 'group',
      id: randomUUID(),
      updatedAt: 1,
      deleted: true,
      data: null,
    }));
    expect((await sync(tabletA, 0, many)).status).toBe(400);
  });
});

describe('POST /api/groups/sync with PRO_PULL_EVERY_S', () => {
  let server: TestServer;
  afterAll(async () => {
    await server?.close();
  });

  it("tells the device the server's rhythm for pulls in every answer", async () => {
    server = await startTestServer({ PRO_PULL_EVERY_S: '3' });
    const tablet = await accountOn(server, 'rhythm@example.be', true);
    const first = await sync(tablet, 0, [group(randomUUID(), 1000, 'Vitamins')]);
    expect(first.status).toBe(200);
    expect(first.body.pullEverySeconds).toBe(3);
    expect((await sync(tablet, first.body.seq, [])).body.pullEverySeconds).toBe(3);
  });
});
