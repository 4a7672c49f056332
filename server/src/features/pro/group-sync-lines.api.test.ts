import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GROUP_LINE_NAME_MAX_LENGTH,
  GROUP_MAX_CNKS,
  SYNC_MAX_STORED_BYTES,
} from '@pharmaradar/shared/group-sync-limits';
import type { TestClient } from '../../../test/helpers/test-client';
import { createTestClient } from '../../../test/helpers/test-client';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { accountOn } from '../../../test/helpers/pro-account';

// A pharmacist's two devices. Settings merge per field (a strategy changed on
// one device leaves the margins set on the other), and each group line's purchase price, VAT and own
// name travel with the group, merged per line (docs/decisions/151).
type Line = { price?: number; vat?: number; name?: string };
type Content = { name: string; description: string; cnks: string[]; lines?: Record<string, Line> };
const edit = (id: string, data: Content, base: (Content & { seq: number }) | null) => ({
  kind: 'group',
  id,
  updatedAt: Date.now(),
  deleted: false,
  data,
  base,
});
const settings = (min: number, ideal: number, strategy: string) => ({
  minMarginPercent: min,
  idealMarginPercent: ideal,
  strategy,
});
const settingsChange = (data: unknown, base?: unknown) => ({
  kind: 'settings',
  id: 'settings',
  updatedAt: Date.now(),
  deleted: false,
  data,
  ...(base === undefined ? {} : { base }),
});
const sync = (client: TestClient, since: number, changes: unknown[], lang?: string) =>
  client.post('/api/groups/sync/', { since, changes }, lang ? { lang } : {});
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test reads of the JSON answer
const find = (body: any, id: string) => body.changes.find((c: { id: string }) => c.id === id);

describe('POST /api/groups/sync: settings per field, lines per line', () => {
  let server: TestServer;
  let deviceA: TestClient;
  let deviceB: TestClient;
  beforeAll(async () => {
    server = await startTestServer();
    deviceA = await accountOn(server, 'lines@example.be', true);
    deviceB = createTestClient(server.url);
    const login = await deviceB.post('/api/auth/login/', {
      username: 'lines@example.be',
      password: 'Correct horse 42',
    });
    expect(login.status).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("keeps device A's margins when device B, synced before, changes only the strategy", async () => {
    const first = settings(20, 30, 'balanced');
    expect((await sync(deviceA, 0, [settingsChange(first, null)])).status).toBe(200);
    // B syncs: its base is what the server held then.
    const onB = await sync(deviceB, 0, []);
    expect(find(onB.body, 'settings').data).toEqual(first);
    // A sets its margins; B, not synced since, changes only the strategy.
    expect((await sync(deviceA, 0, [settingsChange(settings(22, 33, 'balanced'), first)])).status).toBe(200);
    const b = await sync(deviceB, onB.body.seq, [settingsChange(settings(20, 30, 'aggressive'), first)]);
    expect(b.status).toBe(200);
    expect(find(b.body, 'settings').data).toEqual(settings(22, 33, 'aggressive'));
    const onA = await sync(deviceA, 0, []);
    expect(find(onA.body, 'settings').data).toEqual(settings(22, 33, 'aggressive'));
  });

  it('lets the later write win whole when the per-field mix would put the minimum above the ideal', async () => {
    const base = settings(22, 33, 'aggressive');
    await sync(deviceA, 0, [settingsChange(settings(25, 28, 'aggressive'), base)]);
    const b = await sync(deviceB, 0, [settingsChange(settings(22, 24, 'aggressive'), base)]);
    expect(find(b.body, 'settings').data).toEqual(settings(22, 24, 'aggressive'));
  });

  it('shows on device B the purchase prices, VAT and own names imported on device A', async () => {
    const id = randomUUID();
    const lines = { '4487039': { price: 4.1, vat: 21, name: 'Crème mains 50 ml' }, '1234560': { vat: 6 } };
    const a = await sync(deviceA, 0, [
      edit(id, { name: 'Cosmetics', description: '', cnks: ['4487039', '1234560'], lines }, null),
    ]);
    expect(a.status).toBe(200);
    const onB = await sync(deviceB, 0, []);
    expect(find(onB.body, id).data).toEqual({
      name: 'Cosmetics',
      description: '',
      cnks: ['4487039', '1234560'],
      lines,
    });
  });

  it('keeps concurrent edits of different lines (and of different fields of one line) from both devices', async () => {
    const id = randomUUID();
    const start: Content = {
      name: 'Shelf',
      description: '',
      cnks: ['4487039', '1234560', '2222229'],
      lines: { '4487039': { price: 5, vat: 6 }, '1234560': { price: 3 } },
    };
    const made = await sync(deviceA, 0, [edit(id, start, null)]);
    const base = { seq: find(made.body, id).seq as number, ...start };
    // A: a new price on the first line and a VAT on the second; B: 21 % on the first, a name on the third.
    const mineA = { ...start, lines: { '4487039': { price: 5.5, vat: 6 }, '1234560': { price: 3, vat: 21 } } };
    const mineB = {
      ...start,
      lines: { '4487039': { price: 5, vat: 21 }, '1234560': { price: 3 }, '2222229': { name: 'Own name' } },
    };
    expect((await sync(deviceA, 0, [edit(id, mineA, base)])).status).toBe(200);
    const b = await sync(deviceB, 0, [edit(id, mineB, base)]);
    expect(b.status).toBe(200);
    expect(b.body.notApplied).toEqual([]);
    expect(find(b.body, id).data.lines).toEqual({
      '4487039': { price: 5.5, vat: 21 },
      '1234560': { price: 3, vat: 21 },
      '2222229': { name: 'Own name' },
    });
  });

  it('keeps the stored lines when an older client (no lines, no base) saves the group', async () => {
    const id = randomUUID();
    const lines = { '4487039': { price: 4.1, vat: 21 } };
    await sync(deviceA, 0, [edit(id, { name: 'Old', description: '', cnks: ['4487039', '1234560'], lines }, null)]);
    const old = await sync(deviceB, 0, [
      {
        kind: 'group',
        id,
        updatedAt: Date.now(),
        deleted: false,
        data: { name: 'Renamed', description: '', cnks: ['4487039'] },
      },
    ]);
    expect(find(old.body, id).data).toEqual({ name: 'Renamed', description: '', cnks: ['4487039'], lines });
  });

  it('counts the lines in the byte cap: past it the request is refused whole', async () => {
    const heavy = await accountOn(server, 'heavy@example.be', true);
    const cnks = Array.from({ length: GROUP_MAX_CNKS }, (_, i) => String(1000000 + i));
    const lines = Object.fromEntries(
      cnks.map((c) => [c, { price: 12.34, vat: 21, name: `Produit ${c} `.padEnd(GROUP_LINE_NAME_MAX_LENGTH, 'é') }]),
    );
    // The largest group there can be, edited with its base, fits in one request.
    const id = randomUUID();
    const full = { name: 'Full', description: '', cnks, lines };
    const made = await sync(heavy, 0, [edit(id, full, null)]);
    expect(made.status).toBe(200);
    const renamed = await sync(heavy, 0, [
      edit(id, { ...full, name: 'Full 0' }, { seq: find(made.body, id).seq, ...full }),
    ]);
    expect(renamed.status).toBe(200);
    let status = 200;
    for (let i = 1; i < 20 && status === 200; i += 1) {
      const res = await sync(heavy, 0, [edit(randomUUID(), { name: `Full ${i}`, description: '', cnks, lines }, null)]);
      status = res.status;
      if (status !== 200) expect(res.body.code).toBe('group_storage_full');
    }
    expect(status).toBe(413);
    const stored = server.db
      .prepare(
        'SELECT coalesce(sum(length(CAST(r.data AS BLOB))), 0) AS bytes FROM pro_sync_records r JOIN users u ON u.id = r.user_id WHERE u.email = ?',
      )
      .get('heavy@example.be') as { bytes: number };
    expect(stored.bytes).toBeLessThanOrEqual(SYNC_MAX_STORED_BYTES);
    expect(stored.bytes).toBeGreaterThan(SYNC_MAX_STORED_BYTES / 2);
  }, 60_000);
});
