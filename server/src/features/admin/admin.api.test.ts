import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import type { TestClient } from '../../../test/helpers/test-client';
import { createTestClient } from '../../../test/helpers/test-client';
import { signedIn, staffCli, userIdOf } from './admin.test-support';

let server: TestServer;
let staff: TestClient;
let free: TestClient;
let pro: TestClient;
let proId: number;

beforeAll(async () => {
  server = await startTestServer();
  staff = await signedIn(server, 'boss@example.be');
  // The first staff account comes from the command line, as in production.
  const out = await staffCli(server, 'Boss@Example.be');
  expect(out.stdout).toContain('boss@example.be: staff');
  free = await signedIn(server, 'free@example.be');
  pro = await signedIn(server, 'pro@example.be');
  proId = await userIdOf(staff, 'pro@example.be');
  expect((await staff.post(`/api/admin/users/${proId}/plan/`, { plan: 'pro' })).status).toBe(200);
}, 180_000);
afterAll(() => server?.close());

const READS = [
  '/api/admin/users/',
  '/api/admin/messages/',
  '/api/admin/retailers/health/',
  '/api/admin/retailers/check/',
  '/api/admin/search-stats/',
  '/api/admin/audit/',
  '/api/admin/catalogue/',
];

describe('admin access', () => {
  it('answers 404, exactly like an unknown path, to anonymous, free and Pro users', async () => {
    const unknown = await createTestClient(server.url).get('/api/no-such-thing/');
    expect(unknown.status).toBe(404);
    for (const client of [createTestClient(server.url), free, pro]) {
      for (const path of READS) {
        const res = await client.get(path);
        expect(res.status, path).toBe(404);
        expect(res.body).toEqual(unknown.body);
      }
    }
  });

  it('refuses every change from non-staff with 404 and changes nothing', async () => {
    const freeId = await userIdOf(staff, 'free@example.be');
    for (const client of [createTestClient(server.url), free, pro]) {
      expect((await client.post(`/api/admin/users/${freeId}/plan/`, { plan: 'ultra' })).status).toBe(404);
      expect((await client.post(`/api/admin/users/${freeId}/staff/`, { is_staff: true })).status).toBe(404);
      expect((await client.post('/api/admin/retailers/check/run/')).status).toBe(404);
    }
    expect((await free.get('/api/auth/me/')).body.user).toMatchObject({ plan: 'free', is_staff: false });
    expect((await free.get('/api/admin/users/')).status).toBe(404);
  });

  it('still needs the CSRF token from staff', async () => {
    const res = await staff.post(`/api/admin/users/${proId}/plan/`, { plan: 'free' }, { csrf: false });
    expect(res.status).toBe(403);
    expect((await pro.get('/api/auth/me/')).body.user.plan).toBe('pro');
  });
});

describe('official catalogue', () => {
  it('shows staff the demo export imported at start: version, reference date and counts', async () => {
    const res = await staff.get('/api/admin/catalogue/');
    expect(res.status).toBe(200);
    const { catalogue } = res.body;
    expect(catalogue).toMatchObject({ demo: true, xsd_version: '5.0', source: 'demo export (made by PharmaRadar)' });
    expect(catalogue.version).toMatch(/^demo-[0-9a-f]+$/);
    expect(catalogue.reference_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(catalogue.counts.packs).toBeGreaterThan(50);
    expect(catalogue.counts.prescription).toBeGreaterThanOrEqual(5);
    expect(catalogue.counts.vmps).toBe(4);
    expect(catalogue.counts.nonmedicinal).toBeGreaterThan(50);
    expect(catalogue.counts.data_errors).toBe(0);
    // Every public pack under its delivery mode, as read: prescription-only or free delivery.
    const modes = catalogue.delivery_modes as Array<{ code: string; packs: number; free: boolean }>;
    expect(modes.reduce((n, m) => n + m.packs, 0)).toBe(catalogue.counts.packs);
    expect(modes.filter((m) => !m.free).reduce((n, m) => n + m.packs, 0)).toBe(catalogue.counts.prescription);
    expect(modes.find((m) => m.free)).toMatchObject({
      description: { fr: 'Délivrance libre', nl: 'Vrije aflevering' },
    });
    expect(catalogue.last_refusal).toBeNull();
  });
});

describe('staff actions', () => {
  it('sets Ultra with an end date: the user sees it at once, and the audit log says who did it', async () => {
    const user = await signedIn(server, 'clinic@example.be');
    const id = await userIdOf(staff, 'clinic@example.be');
    const res = await staff.post(`/api/admin/users/${id}/plan/`, { plan: 'ultra', until: '2099-06-30' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ plan: 'ultra', plan_grant: 'ultra', pro_until: '2099-06-30T21:59:59.000Z' });
    expect((await user.get('/api/auth/me/')).body.user).toMatchObject({
      plan: 'ultra',
      is_pro: true,
      pro_until: '2099-06-30T21:59:59.000Z',
    });
    const ultras = await staff.get('/api/admin/users/?plan=ultra');
    expect(ultras.body.users.map((u: { email: string }) => u.email)).toEqual(['clinic@example.be']);
    const audit = await staff.get('/api/admin/audit/');
    // Newest first: the listing just read (staff reads are audited), then the change.
    expect(audit.body.entries[0]).toMatchObject({
      actor_email: 'boss@example.be',
      action: 'list_users',
      details: { plan: 'ultra', count: 1, user_ids: String(id) },
    });
    expect(audit.body.entries[1]).toMatchObject({
      actor_email: 'boss@example.be',
      action: 'set_plan',
      target_email: 'clinic@example.be',
      details: { plan: 'ultra', until: '2099-06-30', before: 'free' },
    });

    expect((await staff.post(`/api/admin/users/${id}/plan/`, { plan: 'free' })).status).toBe(200);
    expect((await user.get('/api/auth/me/')).body.user).toMatchObject({ plan: 'free', is_pro: false });
  });

  it('refuses a past or malformed end date and changes nothing', async () => {
    const id = await userIdOf(staff, 'free@example.be');
    const past = await staff.post(`/api/admin/users/${id}/plan/`, { plan: 'pro', until: '2020-01-01' });
    expect(past).toMatchObject({ status: 400, body: { code: 'date_past' } });
    const bad = await staff.post(`/api/admin/users/${id}/plan/`, { plan: 'pro', until: '2099-02-30' }, { lang: 'en' });
    expect(bad).toMatchObject({
      status: 400,
      body: { code: 'validation', fields: { until: 'Invalid date: use YYYY-MM-DD.' } },
    });
    expect((await staff.post('/api/admin/users/999999/plan/', { plan: 'pro' })).status).toBe(404);
    expect((await free.get('/api/auth/me/')).body.user.plan).toBe('free');
  });

  it('marks staff: the new staff member gets in, cannot be locked out by themselves, and it is audited', async () => {
    const helper = await signedIn(server, 'helper@example.be');
    expect((await helper.get('/api/admin/users/')).status).toBe(404);
    const id = await userIdOf(staff, 'helper@example.be');
    const res = await staff.post(`/api/admin/users/${id}/staff/`, { is_staff: true });
    expect(res.body.user).toMatchObject({ email: 'helper@example.be', is_staff: true });
    expect((await helper.get('/api/auth/me/')).body.user.is_staff).toBe(true);
    expect((await helper.get('/api/admin/users/')).status).toBe(200);

    expect((await helper.post(`/api/admin/users/${id}/staff/`, { is_staff: false })).body.code).toBe(
      'cannot_unstaff_self',
    );
    const audit = (await helper.get('/api/admin/audit/')).body.entries;
    // Newest first: the helper's own listing (audited), then the change that let them in.
    expect(audit[0]).toMatchObject({ actor_email: 'helper@example.be', action: 'list_users' });
    expect(audit[1]).toMatchObject({
      actor_email: 'boss@example.be',
      action: 'set_staff',
      details: { is_staff: true },
    });
    // The command-line grant of the first staff account is in the log too.
    expect(audit.at(-1)).toMatchObject({ action: 'set_staff', target_email: 'boss@example.be' });
    expect(audit.at(-1).actor_email).toMatch(/^command line/);

    await staff.post(`/api/admin/users/${id}/staff/`, { is_staff: false });
    expect((await helper.get('/api/admin/users/')).status).toBe(404);
  });

  it('searches users by e-mail and sorts by last seen', async () => {
    const found = await staff.get('/api/admin/users/?q=FREE@');
    expect(found.body.users.map((u: { email: string }) => u.email)).toEqual(['free@example.be']);
    expect(found.body.users[0].last_seen).not.toBeNull();
    await free.get('/api/auth/me/');
    const bySeen = await staff.get('/api/admin/users/?sort=last_seen');
    expect(bySeen.status).toBe(200);
    const seen = bySeen.body.users.map((u: { last_seen: string }) => Date.parse(u.last_seen));
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect((await staff.get('/api/admin/users/?sort=nonsense')).status).toBe(400);
  });
});

describe('account erasure', () => {
  it('keeps the audit entries but removes the erased address from them', async () => {
    const leaving = await signedIn(server, 'leaving@example.be');
    const id = await userIdOf(staff, 'leaving@example.be');
    await staff.post(`/api/admin/users/${id}/plan/`, { plan: 'pro' });
    const deleted = await leaving.post('/api/account/delete/', {
      email_confirmation: 'leaving@example.be',
      acknowledge: true,
      password: 'Correct horse 42',
    });
    expect(deleted.status).toBe(200);
    const entries = (await staff.get('/api/admin/audit/')).body.entries;
    expect(JSON.stringify(entries)).not.toContain('leaving@example.be');
    expect(entries[0]).toMatchObject({ action: 'set_plan', target_email: '(erased account)' });
  });
});

describe('contact messages', () => {
  const send = (client: TestClient, email: string) =>
    client.post('/api/contact/', { name: 'Anne', email, message: 'A question about prices.' });

  it('flags a Pro user’s message as priority in the subject and lists it first', async () => {
    expect((await send(pro, 'pro@example.be')).status).toBe(201);
    expect((await send(free, 'free@example.be')).status).toBe(201);
    const mails = server.readOutbox().filter((m) => m.text.includes('A question about prices.'));
    const subjectOf = (email: string) => mails.find((m) => m.replyTo.includes(email))!.subject;
    expect(subjectOf('pro@example.be')).toMatch(/^\[PRIORITY\] \[PharmaRadar\] Contact form message #\d+$/);
    expect(subjectOf('free@example.be')).toMatch(/^\[PharmaRadar\] Contact form message #\d+$/);

    const { messages } = (await staff.get('/api/admin/messages/')).body;
    expect(messages.map((m: { email: string; priority: boolean }) => [m.email, m.priority])).toEqual([
      ['pro@example.be', true],
      ['free@example.be', false],
    ]);
  });
});

describe('staff reads of personal data', () => {
  const auditNow = async () => (await staff.get('/api/admin/audit/')).body.entries as Array<Record<string, unknown>>;

  it('a user listing is audited: who, when, which accounts were shown (not the search text)', async () => {
    const freeId = await userIdOf(staff, 'free@example.be');
    const before = Date.now();
    const found = await staff.get('/api/admin/users/?q=free%40example');
    expect(found.body.users.map((u: { id: number }) => u.id)).toEqual([freeId]);
    const [entry] = await auditNow();
    expect(entry).toMatchObject({
      actor_email: 'boss@example.be',
      action: 'list_users',
      target_email: null,
      details: { searched: true, plan: null, sort: 'created', count: 1, user_ids: String(freeId) },
    });
    expect(Date.parse(entry!.at as string)).toBeGreaterThanOrEqual(before - 1000);
    expect(JSON.stringify(entry)).not.toContain('free@example');
  });

  it('reading the contact messages is audited with the ids of the messages shown', async () => {
    const visitor = createTestClient(server.url);
    const sent = await visitor.post('/api/contact/', {
      name: 'Anne Peeters',
      email: 'anne@example.be',
      message: 'Bonjour, une question sur mon abonnement.',
    });
    expect(sent.status).toBe(201);
    const read = await staff.get('/api/admin/messages/');
    const ids = (read.body.messages as Array<{ id: number }>).map((m) => m.id);
    expect(ids.length).toBeGreaterThan(0);
    expect((await auditNow())[0]).toMatchObject({
      actor_email: 'boss@example.be',
      action: 'read_messages',
      target_email: null,
      details: { count: ids.length, message_ids: ids.join(' ') },
    });
  });

  it('a refused read (non-staff, 404) writes nothing', async () => {
    const before = (await auditNow())[0];
    expect((await free.get('/api/admin/users/')).status).toBe(404);
    expect((await free.get('/api/admin/messages/')).status).toBe(404);
    expect((await auditNow())[0]).toEqual(before);
  });
});
