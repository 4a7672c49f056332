import 'fake-indexeddb/auto';
import type { ServerResponse } from 'node:http';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GroupSyncRequest, GroupSyncResponse, StoredGroupChange } from '@pharmaradar/shared/pro.schema';
import { PharmaRadarDb, type ProGroupRecord } from '../../../db/db';
import { setApiOrigin } from '../../../lib/api/client';
import { sendJson, type ReceivedRequest } from '../../../test/fakes/http-server';
import { createProStore, SYNC_CURSOR_KEY, SYNC_OWNER_KEY, type ProStore } from '../data/pro-store';
import { syncOnce } from './group-sync';
import { createSyncController } from './sync-controller';
import { serveProApi } from '../pro-api.test-support';

// The device side of group sync against a scripted POST /api/groups/sync on a loopback server: what
// the device sends, and what it makes of the answers. Convergence against the real server: the e2e.
type SyncHandler = (body: GroupSyncRequest, res: ServerResponse) => void | Promise<void>;
let onSync: SyncHandler;
const syncBodies = () =>
  server.received.filter((r) => r.path === '/api/groups/sync/').map((r) => JSON.parse(r.body) as GroupSyncRequest);

const server = serveProApi(async (req: ReceivedRequest, res) => {
  if (req.path === '/api/groups/sync/') return onSync(JSON.parse(req.body) as GroupSyncRequest, res);
  sendJson(res, 404, { code: 'not_found', detail: 'Not found.' });
});

let db: PharmaRadarDb;
let store: ProStore;
let dbCount = 0;
const USER = 7;
const ID_A = '6f1c7a52-3c1e-4d55-9a3b-1f2e3d4c5b6a';
const ID_B = '0b7d2f61-8e4a-4c3b-a2d1-9f8e7d6c5b4a';
const ID_C = 'c3d4e5f6-a7b8-4c9d-8e0f-112233445566';
const group = (id: string, updatedAt: number, name: string, deleted = false): ProGroupRecord => ({
  id,
  name,
  description: '',
  cnks: ['4487039'],
  updatedAt,
  deleted,
});
const stored = (id: string, updatedAt: number, name: string | null, seq: number): StoredGroupChange => ({
  kind: 'group',
  id,
  updatedAt,
  deleted: name === null,
  data: name === null ? null : { name, description: '', cnks: ['4487039'] },
  seq,
});
const answer =
  (body: Omit<GroupSyncResponse, 'more' | 'notApplied'> & Partial<GroupSyncResponse>) =>
  (_req: GroupSyncRequest, res: ServerResponse) =>
    sendJson(res, 200, { more: false, notApplied: [], ...body });

async function localChange(g: ProGroupRecord) {
  await db.proGroups.put(g);
  await db.proOutbox.add({ kind: 'group', id: g.id, updatedAt: g.updatedAt });
}

beforeEach(async () => {
  server.received.length = 0;
  setApiOrigin(server.origin);
  db = new PharmaRadarDb(`group-sync-test-${(dbCount += 1)}`);
  store = createProStore(db);
  await store.claim(USER);
});
afterEach(async () => {
  await db.delete();
});

describe('syncOnce', () => {
  it('pushes the outbox from the stored cursor and applies the answer: new groups, tombstones, settings, cursor', async () => {
    await db.proMeta.put({ key: SYNC_CURSOR_KEY, value: 12, updatedAt: 0 });
    await db.proGroups.put(group(ID_B, 100, 'Deleted on the other tablet'));
    await localChange(group(ID_A, 500, 'Made here'));
    await localChange(group(ID_A, 600, 'Renamed here'));
    onSync = answer({
      seq: 20,
      changes: [
        stored(ID_B, 150, null, 14),
        stored(ID_C, 300, 'Made on the other tablet', 15),
        {
          kind: 'settings',
          id: 'settings',
          updatedAt: 400,
          deleted: false,
          data: { minMarginPercent: 25, idealMarginPercent: 35, strategy: 'aggressive' },
          seq: 16,
        },
        stored(ID_A, 600, 'Renamed here', 20),
      ],
    });

    expect(await syncOnce(store, USER)).toEqual({ kind: 'synced', applied: 3, lost: [] });

    expect(syncBodies()).toEqual([
      {
        since: 12,
        changes: [
          {
            kind: 'group',
            id: ID_A,
            updatedAt: 600,
            deleted: false,
            data: { name: 'Renamed here', description: '', cnks: ['4487039'] },
            base: null,
          },
        ],
      },
    ]);
    expect((await db.proGroups.orderBy('id').toArray()).map((g) => [g.id, g.name])).toEqual([
      [ID_A, 'Renamed here'],
      [ID_C, 'Made on the other tablet'],
    ]);
    expect((await db.proMeta.get('settings'))?.value).toMatchObject({ strategy: 'aggressive' });
    expect((await db.proMeta.get(SYNC_CURSOR_KEY))?.value).toBe(20);
    expect(await db.proOutbox.count()).toBe(0);
  });

  it('replaying the same answer changes nothing (idempotent)', async () => {
    onSync = answer({ seq: 3, changes: [stored(ID_C, 300, 'From elsewhere', 3)] });
    expect(await syncOnce(store, USER)).toEqual({ kind: 'synced', applied: 1, lost: [] });
    expect(await syncOnce(store, USER)).toEqual({ kind: 'synced', applied: 0, lost: [] });
    expect(await db.proGroups.count()).toBe(1);
  });

  it('keeps a change made while the request was out: newer than the answer, still in the outbox', async () => {
    await localChange(group(ID_A, 500, 'First'));
    onSync = async (_body, res) => {
      await localChange(group(ID_A, 700, 'Edited meanwhile'));
      sendJson(res, 200, { seq: 5, changes: [stored(ID_A, 500, 'First', 5)] });
    };
    await syncOnce(store, USER);
    expect((await db.proGroups.get(ID_A))?.name).toBe('Edited meanwhile');
    expect(await db.proOutbox.toArray()).toEqual([expect.objectContaining({ id: ID_A, updatedAt: 700 })]);

    onSync = answer({ seq: 6, changes: [stored(ID_A, 700, 'Edited meanwhile', 6)] });
    await syncOnce(store, USER);
    expect(syncBodies()[1]).toMatchObject({ since: 5, changes: [{ id: ID_A, updatedAt: 700 }] });
    expect(await db.proOutbox.count()).toBe(0);
  });

  it('offline or refused: the outbox and the cursor stay as they were', async () => {
    await localChange(group(ID_A, 500, 'Offline edit'));
    setApiOrigin('http://127.0.0.1:9'); // nothing listens there
    expect(await syncOnce(store, USER)).toEqual({ kind: 'offline' });
    setApiOrigin(server.origin);
    onSync = (_body, res) => sendJson(res, 403, { code: 'pro_required', detail: 'Pro needed.' });
    expect(await syncOnce(store, USER)).toEqual({ kind: 'failed', status: 403 });
    expect(await db.proOutbox.count()).toBe(1);
    expect(await db.proMeta.get(SYNC_CURSOR_KEY)).toBeUndefined();
  });

  it('sends a large outbox in several requests under the server caps, each from the last seq', async () => {
    for (let i = 0; i < 250; i += 1)
      await localChange(group(`${ID_A.slice(0, -4)}${String(i).padStart(4, '0')}`, 1000 + i, `Group ${i}`));
    let seq = 0;
    onSync = (body, res) => {
      seq += body.changes.length;
      sendJson(res, 200, { seq, changes: [] });
    };
    await syncOnce(store, USER);
    expect(syncBodies().map((b) => [b.since, b.changes.length])).toEqual([
      [0, 200],
      [200, 50],
    ]);
    expect(await db.proOutbox.count()).toBe(0);
  });

  it('drops an answer that arrives after a logout wiped the device: nothing comes back', async () => {
    await localChange(group(ID_A, 500, 'Private'));
    onSync = async (_body, res) => {
      await Promise.all([db.proGroups, db.proMeta, db.proOutbox].map((t) => t.clear()));
      sendJson(res, 200, { seq: 9, changes: [stored(ID_C, 300, 'Other group', 9)] });
    };
    expect(await syncOnce(store, USER)).toEqual({ kind: 'discarded' });
    expect(await db.proGroups.count()).toBe(0);
    expect(await db.proMeta.count()).toBe(0);
  });
});

describe('syncOnce: pages, bases and lost changes', () => {
  it('follows the pages of a large answer until the server says there is no more', async () => {
    const pages: GroupSyncResponse[] = [
      { seq: 2, changes: [stored(ID_A, 1, 'One', 1), stored(ID_B, 1, 'Two', 2)], more: true, notApplied: [] },
      { seq: 3, changes: [stored(ID_C, 1, 'Three', 3)], more: true, notApplied: [] },
      { seq: 3, changes: [], more: false, notApplied: [] },
    ];
    onSync = (_body, res) => sendJson(res, 200, pages.shift());
    expect(await syncOnce(store, USER)).toEqual({ kind: 'synced', applied: 3, lost: [] });
    expect(syncBodies().map((b) => b.since)).toEqual([0, 2, 3]);
    expect(await db.proGroups.count()).toBe(3);
    expect((await db.proMeta.get(SYNC_CURSOR_KEY))?.value).toBe(3);
  });

  it('sends the server version an edit started from, so the server can merge it', async () => {
    onSync = answer({ seq: 4, changes: [stored(ID_A, 1, 'From the server', 4)] });
    await syncOnce(store, USER);
    const pulled = (await db.proGroups.get(ID_A))!;
    await localChange({ ...pulled, cnks: ['4487039', '2222229'], updatedAt: 2 });
    onSync = answer({ seq: 5, changes: [] });
    await syncOnce(store, USER);
    expect(syncBodies()[1]!.changes).toEqual([
      expect.objectContaining({
        id: ID_A,
        data: { name: 'From the server', description: '', cnks: ['4487039', '2222229'] },
        base: { seq: 4, name: 'From the server', description: '', cnks: ['4487039'] },
      }),
    ]);
  });

  it("names the change that lost and takes the server's version of it", async () => {
    await localChange(group(ID_A, 500, 'Edited here'));
    onSync = answer({
      seq: 8,
      changes: [stored(ID_A, 400, null, 8)],
      notApplied: [{ kind: 'group', id: ID_A, reason: 'deleted', fields: [] }],
    });
    expect(await syncOnce(store, USER)).toEqual({
      kind: 'synced',
      applied: 1,
      lost: [{ name: 'Edited here', reason: 'deleted' }],
    });
    expect(await db.proGroups.get(ID_A)).toBeUndefined();
    expect(await db.proOutbox.count()).toBe(0);
  });

  it('reports a full group storage and keeps the outbox for later', async () => {
    await localChange(group(ID_A, 500, 'One too many'));
    onSync = (_body, res) => sendJson(res, 413, { code: 'group_storage_full', detail: 'Full.' });
    expect(await syncOnce(store, USER)).toEqual({ kind: 'full' });
    expect(await db.proOutbox.count()).toBe(1);
  });
});

describe('claim (the Pro tables change hands)', () => {
  it("wipes another account's Pro data before this user's sync (session expired without a logout)", async () => {
    await localChange(group(ID_A, 500, 'Someone else’s'));
    expect(await store.claim(USER)).toBe(false);
    expect(await db.proGroups.count()).toBe(1);
    expect(await store.claim(8)).toBe(true);
    expect(await db.proGroups.count()).toBe(0);
    expect(await db.proOutbox.count()).toBe(0);
    expect((await db.proMeta.get(SYNC_OWNER_KEY))?.value).toBe(8);
  });
});

describe('sync controller', () => {
  it('syncs at start, then once per burst of changes, and reports the state', async () => {
    let seq = 0;
    onSync = (body, res) => {
      seq += 1;
      sendJson(res, 200, { seq, changes: body.changes.map((c) => ({ ...c, seq })) });
    };
    // A debounce longer than the test: the changes wait for it, and flush() stands for its end.
    const controller = createSyncController(store, { debounceMs: 60_000 });
    const states: string[] = [];
    const unsubscribe = controller.subscribe(() => states.push(controller.getSnapshot().status));
    await controller.start(USER);
    expect(syncBodies()).toEqual([{ since: 0, changes: [] }]);

    await localChange(group(ID_A, 500, 'One'));
    controller.notifyChange();
    await localChange(group(ID_B, 600, 'Two'));
    controller.notifyChange();
    await waitFor(() => expect(controller.getSnapshot()).toMatchObject({ status: 'pending', pending: 2 }));
    expect(syncBodies()).toHaveLength(1);
    await controller.flush();
    expect(
      syncBodies()
        .slice(1)
        .map((b) => b.changes.map((c) => c.id)),
    ).toEqual([[ID_A, ID_B]]);
    expect(controller.getSnapshot()).toMatchObject({ status: 'synced', pending: 0 });
    expect(states).toContain('pending');
    expect(states).toContain('syncing');

    setApiOrigin('http://127.0.0.1:9');
    await localChange(group(ID_A, 700, 'Offline'));
    await controller.flush();
    expect(controller.getSnapshot()).toMatchObject({ status: 'offline', pending: 1 });
    unsubscribe();
    controller.stop();
  });

  it('hears of a change saved through the store and sends it after the debounce', async () => {
    onSync = (body, res) => sendJson(res, 200, { seq: 1, changes: body.changes.map((c) => ({ ...c, seq: 1 })) });
    const controller = createSyncController(store, { debounceMs: 20 });
    await controller.start(USER);
    await store.saveGroup(group(ID_C, 900, 'Saved by a screen'));
    await waitFor(() => expect(syncBodies().some((b) => b.changes.some((c) => c.id === ID_C))).toBe(true));
    await waitFor(() => expect(controller.getSnapshot()).toMatchObject({ status: 'synced', pending: 0 }));
    controller.stop();
  });

  it('pulls another device’s change while the tool is on screen, and asks nothing while it is hidden', async () => {
    let changes: StoredGroupChange[] = [];
    onSync = (body, res) => sendJson(res, 200, { seq: Math.max(body.since, ...changes.map((c) => c.seq)), changes });
    const controller = createSyncController(store, { pullEveryMs: 50 });
    await controller.start(USER);
    const version = controller.getSnapshot().version;
    changes = [stored(ID_A, 300, 'Renamed on the other tablet', 3)];
    await waitFor(() => expect(controller.getSnapshot().version).toBe(version + 1));
    expect((await db.proGroups.get(ID_A))?.name).toBe('Renamed on the other tablet');
    expect(controller.getSnapshot()).toMatchObject({ status: 'synced', checkedAt: expect.any(Number) });
    // A pull from the stored cursor with nothing to send: the server reads only what is newer.
    await waitFor(() => expect(syncBodies().at(-1)).toEqual({ since: 3, changes: [] }));

    let hidden = true;
    const visibility = vi
      .spyOn(document, 'visibilityState', 'get')
      .mockImplementation(() => (hidden ? 'hidden' : 'visible'));
    document.dispatchEvent(new Event('visibilitychange'));
    const asked = syncBodies().length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(syncBodies().length).toBeLessThanOrEqual(asked + 1); // at most the pull already on its way
    const hiddenCount = syncBodies().length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(syncBodies()).toHaveLength(hiddenCount);
    hidden = false;
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(syncBodies().length).toBeGreaterThan(hiddenCount));
    visibility.mockRestore();
    controller.stop();
  });

  it('pulls on the rhythm the server gives in its answer (PRO_PULL_EVERY_S), not its own default of 12 s', async () => {
    onSync = (body, res) => sendJson(res, 200, { seq: body.since, changes: [], pullEverySeconds: 1 });
    const controller = createSyncController(store);
    await controller.start(USER);
    expect(syncBodies()).toHaveLength(1);
    await waitFor(() => expect(syncBodies()).toHaveLength(3), { timeout: 4_000 });
    controller.stop();
  });
});
