import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GROUP_MAX_CNKS,
  SYNC_MAX_GROUPS,
  SYNC_MAX_STORED_BYTES,
  SYNC_PAGE_MAX_BYTES,
} from '@pharmaradar/shared/group-sync-limits';
import type { TestClient } from '../../../test/helpers/test-client';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { accountOn } from '../../../test/helpers/pro-account';

// ADR 131: one account's synced groups are capped (count and bytes), an over-cap request is
// refused whole, and the answer comes in pages.
const group = (name: string, cnks = ['4487039']) => ({
  kind: 'group',
  id: randomUUID(),
  updatedAt: Date.now(),
  deleted: false,
  data: { name, description: '', cnks },
  base: null,
});
const fullCnks = Array.from({ length: GROUP_MAX_CNKS }, (_, i) => String(1000000 + i));
const sync = (client: TestClient, since: number, changes: unknown[], lang?: string) =>
  client.post('/api/groups/sync/', { since, changes }, lang ? { lang } : {});

describe('POST /api/groups/sync: limits and pages', () => {
  let server: TestServer;
  let big: TestClient;
  const rows = (email: string) =>
    server.db
      .prepare(
        'SELECT r.seq, r.record_id, r.data FROM pro_sync_records r JOIN users u ON u.id = r.user_id WHERE u.email = ? ORDER BY r.seq',
      )
      .all(email) as Array<{ seq: number; record_id: string; data: string | null }>;

  beforeAll(async () => {
    server = await startTestServer();
    big = await accountOn(server, 'big@example.be', true);
    // Full groups, two per request (the body cap), until the account's byte cap refuses one.
    for (let i = 0; i < 130; i += 1) {
      const res = await sync(big, 0, [group('Full', fullCnks), group('Full', fullCnks)]);
      if (res.status !== 200) break;
    }
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a request past the byte cap, translated, and stores nothing of it', async () => {
    const before = rows('big@example.be');
    const stored = before.reduce((sum, r) => sum + Buffer.byteLength(r.data ?? ''), 0);
    expect(stored).toBeLessThanOrEqual(SYNC_MAX_STORED_BYTES);
    expect(stored).toBeGreaterThan(SYNC_MAX_STORED_BYTES - 3 * 20_000);
    for (const [lang, text] of [
      ['en', 'storage limit'],
      ['fr', 'stockage'],
      ['nl', 'Opslag'],
    ]) {
      const res = await sync(big, 0, [group('Small'), group('Full', fullCnks), group('Full', fullCnks)], lang);
      expect(res.status).toBe(413);
      expect(res.body.code).toBe('group_storage_full');
      expect(res.body.detail).toContain(text);
    }
    expect(rows('big@example.be')).toEqual(before);
  });

  it('refuses the group past the count cap and stores nothing of that request', async () => {
    const many = await accountOn(server, 'many@example.be', true);
    for (let made = 0; made < SYNC_MAX_GROUPS; made += 200) {
      const count = Math.min(200, SYNC_MAX_GROUPS - made);
      const res = await sync(
        many,
        0,
        Array.from({ length: count }, (_, i) => group(`G${made + i}`)),
      );
      expect(res.status).toBe(200);
    }
    const before = rows('many@example.be');
    expect(before).toHaveLength(SYNC_MAX_GROUPS);
    const res = await sync(many, 0, [group('One too many')], 'en');
    expect(res.status).toBe(413);
    expect(res.body.detail).toContain(String(SYNC_MAX_GROUPS));
    expect(rows('many@example.be')).toEqual(before);
    // Deleting one makes room again, in the same request.
    const del = { kind: 'group', id: before[0]!.record_id, updatedAt: Date.now(), deleted: true, data: null };
    expect((await sync(many, 0, [del, group('Fits now')])).status).toBe(200);
  });

  it('answers a since: 0 sync in bounded pages that together hold every stored change', async () => {
    const seen: Array<{ seq: number; id: string; data: unknown }> = [];
    let since = 0;
    let pages = 0;
    for (;;) {
      const res = await sync(big, since, []);
      expect(res.status).toBe(200);
      expect(res.text.length).toBeLessThan(SYNC_PAGE_MAX_BYTES + 40_000);
      pages += 1;
      for (const c of res.body.changes) seen.push({ seq: c.seq, id: c.id, data: c.data });
      since = res.body.seq;
      if (!res.body.more) break;
    }
    expect(pages).toBeGreaterThan(10);
    expect(seen).toEqual(
      rows('big@example.be').map((r) => ({ seq: r.seq, id: r.record_id, data: r.data && JSON.parse(r.data) })),
    );
    expect((await sync(big, since, [])).body).toEqual({
      seq: since,
      changes: [],
      more: false,
      notApplied: [],
      pullEverySeconds: 12,
    });
  });
});
