import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient, type TestClient, type TestResponse } from '../../../test/helpers/test-client';
import {
  createClock,
  PASSWORD,
  registerAndVerify,
  startAccountsTest,
  type AccountsTest,
} from './accounts.test-support';

// 22:30 UTC on 30 March 2025 is already 31 March in Brussels (summer time): the file is named by the
// Belgian day.
const START = Date.parse('2025-03-30T22:30:00Z');
const IPAD_SAFARI =
  'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

const contact = (client: TestClient, email: string, message: string) =>
  client.post('/api/contact/', { name: 'Anne Peeters', email, message });
const group = (id: string, name: string, deleted = false) => ({
  kind: 'group',
  id,
  updatedAt: START,
  deleted,
  data: deleted ? null : { name, description: 'Winter shelf', cnks: ['4487039'] },
});

describe('GET /api/account/export/', () => {
  let t: AccountsTest;
  let anne: TestClient;
  let answer: TestResponse;
  const keptGroup = randomUUID();
  const deletedGroup = randomUUID();

  beforeAll(async () => {
    t = await startAccountsTest({ clock: createClock(START), env: { CONTACT_TO: 'team@pharmaradar.example' } });
    anne = createTestClient(t.server.url);
    await registerAndVerify(t.server, anne, 'anne@example.be');
    // Groups sync is a Pro feature: made Pro the way billing does.
    t.server.db.prepare("UPDATE users SET subscription_status = 'active' WHERE email = ?").run('anne@example.be');
    // Someone else's data, which must not appear in Anne's file.
    const bob = createTestClient(t.server.url);
    await registerAndVerify(t.server, bob, 'bob@example.be');
    t.server.db.prepare("UPDATE users SET subscription_status = 'active' WHERE email = ?").run('bob@example.be');
    expect((await contact(bob, 'bob@example.be', 'Bob asks about his order')).status).toBe(201);
    expect(
      (await bob.post('/api/groups/sync/', { since: 0, changes: [group(randomUUID(), 'Bob group')] })).status,
    ).toBe(200);

    // The address as typed in the form, in another case than the account's.
    expect((await contact(anne, 'Anne@Example.be', 'Where is the Dafalgan?')).status).toBe(201);
    const synced = await anne.post('/api/groups/sync/', {
      since: 0,
      changes: [
        group(keptGroup, 'Cold and flu'),
        group(deletedGroup, 'Old group'),
        {
          kind: 'settings',
          id: 'settings',
          updatedAt: START,
          deleted: false,
          data: { minMarginPercent: 15, idealMarginPercent: 25, strategy: 'balanced' },
        },
      ],
    });
    expect(synced.status).toBe(200);
    await anne.post('/api/groups/sync/', {
      since: 0,
      changes: [{ ...group(deletedGroup, '', true), updatedAt: START + 1 }],
    });
    // A second device: the export lists both sessions, their devices, and tells which one asked.
    const tablet = createTestClient(t.server.url);
    const login = await tablet.post(
      '/api/auth/login/',
      { username: 'anne@example.be', password: PASSWORD },
      { headers: { 'User-Agent': IPAD_SAFARI } },
    );
    expect(login.status).toBe(200);
    t.clock.advance(5 * 60 * 1000);
    answer = await anne.get('/api/account/export/');
  });
  afterAll(async () => {
    await t?.server.close();
  });

  it('answers 401 unauthorized when logged out', async () => {
    const res = await createTestClient(t.server.url).get('/api/account/export/');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('unauthorized');
  });

  it('is a dated JSON attachment that no cache stores', () => {
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="pharmaradar-export-2025-03-31.json"');
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('holds the profile, sessions, contact messages, groups, settings and alerts', () => {
    const data = answer.body;
    expect(Object.keys(data)).toEqual([
      'generated_at',
      'user',
      'sessions',
      'contact_messages',
      'groups',
      'settings',
      'alerts',
      'push_devices',
    ]);
    expect(data.generated_at).toBe(new Date(START + 5 * 60 * 1000).toISOString());
    expect(data.user).toMatchObject({
      email: 'anne@example.be',
      first_name: 'Anne',
      last_name: 'Peeters',
      is_pro: true,
    });
    // Anne's own client sends no browser's User-Agent: her session's device is unknown.
    expect(data.sessions).toEqual([
      {
        device: { browser: null, os: null },
        created_at: new Date(START).toISOString(),
        last_seen_at: new Date(START + 5 * 60 * 1000).toISOString(),
        current: true,
      },
      {
        device: { browser: 'Safari', os: 'iPad' },
        created_at: new Date(START).toISOString(),
        last_seen_at: new Date(START).toISOString(),
        current: false,
      },
    ]);
    // Names only: no version, nothing else of the header.
    expect(answer.text).not.toContain('17_4');
    expect(data.contact_messages).toEqual([
      {
        created_at: expect.stringMatching(/^2025-03-30T22:30/),
        name: 'Anne Peeters',
        email: 'Anne@Example.be',
        message: 'Where is the Dafalgan?',
      },
    ]);
    expect(data.groups).toEqual([
      {
        id: keptGroup,
        updated_at: new Date(START).toISOString(),
        name: 'Cold and flu',
        description: 'Winter shelf',
        cnks: ['4487039'],
      },
    ]);
    expect(data.settings).toEqual({ minMarginPercent: 15, idealMarginPercent: 25, strategy: 'balanced' });
    expect(data.alerts).toEqual([]);
    expect(data.push_devices).toEqual([]);
  });

  it('holds nothing secret and nothing of anyone else', () => {
    const text = answer.text;
    expect(text).not.toMatch(/argon2|password_hash|token_hash|code_hash/i);
    // Session tokens, CSRF tokens and their SHA-256 are all long hex or base64url runs.
    expect(text).not.toMatch(/[0-9a-f]{40,}/i);
    for (const value of anne.cookies.values()) expect(text).not.toContain(value);
    expect(text).not.toMatch(/bob/i);
  });
});
