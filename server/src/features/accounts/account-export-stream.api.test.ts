import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient, type TestClient } from '../../../test/helpers/test-client';
import { registerAndVerify, startAccountsTest, type AccountsTest } from './accounts.test-support';

// A large export (115 MB before the caps) was built as one string. It is now written
// in pieces while the groups are read a page at a time: a chunked answer, the same document.
const cnks = Array.from({ length: 2000 }, (_, i) => String(1000000 + i));
const group = () => ({
  kind: 'group',
  id: randomUUID(),
  updatedAt: Date.now(),
  deleted: false,
  data: { name: 'Full shelf', description: '', cnks },
});

describe('GET /api/account/export/ (streamed)', () => {
  let t: AccountsTest;
  let anne: TestClient;
  beforeAll(async () => {
    t = await startAccountsTest();
    anne = createTestClient(t.server.url);
    await registerAndVerify(t.server, anne, 'stream@example.be');
    t.server.db.prepare("UPDATE users SET subscription_status = 'active' WHERE email = ?").run('stream@example.be');
    for (let i = 0; i < 60; i += 1)
      expect((await anne.post('/api/groups/sync/', { since: 0, changes: [group(), group()] })).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await t?.server.close();
  });

  it('answers in chunks without a length, and the document parses whole, as pretty JSON', async () => {
    const res = await fetch(`${t.server.url}/api/account/export/`, {
      headers: { Cookie: [...anne.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBeNull();
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let reads = 0;
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      reads += 1;
      text += decoder.decode(part.value, { stream: true });
    }
    expect(reads).toBeGreaterThan(1);
    const document = JSON.parse(text);
    expect(text).toBe(JSON.stringify(document, null, 2));
    expect(document.groups).toHaveLength(120);
    expect(document.groups[119]).toMatchObject({ name: 'Full shelf', cnks });
    expect(document.user.email).toBe('stream@example.be');
  });
});
