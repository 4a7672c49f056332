import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RetailerHealth } from '@pharmaradar/shared/admin.schema';
import type { TestClient } from '../../test/helpers/test-client';
import type { OutboxMail } from '../../test/fakes/outbox';
import { createLogger } from '../lib/log';
import { signedIn, staffCli, userIdOf } from '../features/admin/admin.test-support';
import {
  searchUrl,
  startSearchTestServer,
  type SearchTestServer,
} from '../features/search/testing/search-test-kit.test-support';
import { NO_LATENCY } from '../retailers/demo-shops.test-support';
import { createRetailerAlarmJob } from './retailer-alarm.job';

// Real searches against the demo shops: Farmaline's robots.txt disallows everything (so every search
// reports it blocked, with that reason), Multipharma is broken and mended on the way. The job is the
// real one, run on the server's database, mailer and clock; the clock is moved forward by hours.
const HOUR = 3600_000;
let offset = 0;
const now = () => Date.now() + offset;

let ctx: SearchTestServer;
let staff: TestClient;
beforeAll(async () => {
  ctx = await startSearchTestServer(
    { SEARCH_CACHE_TTL_S: '0' },
    {
      latencyMs: NO_LATENCY,
      robotsTxt: { farmaline: 'User-agent: *\nDisallow: /\n' },
    },
    { now },
  );
  staff = await signedIn(ctx.server, 'ops@example.be');
  await staffCli(ctx.server, 'ops@example.be');
  // A second staff member who reads Dutch (the stored locale of the account), and a plain user.
  await signedIn(ctx.server, 'team-nl@example.be');
  await signedIn(ctx.server, 'customer@example.be');
  const nl = await userIdOf(staff, 'team-nl@example.be');
  expect((await staff.post(`/api/admin/users/${nl}/staff/`, { is_staff: true })).status).toBe(200);
  ctx.server.db.prepare("UPDATE users SET locale = 'nl' WHERE email = 'team-nl@example.be'").run();
}, 180_000);
afterAll(() => ctx?.close());

async function searches(count: number) {
  for (let i = 0; i < count; i++) {
    const res = await fetch(searchUrl(ctx.server.url, `vichy ${i}`), { headers: { accept: 'application/json' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { retailers: Array<{ id: string; status: string }> };
    // Consumers still see which shop failed.
    expect(body.retailers.find((r) => r.id === 'farmaline')!.status).toBe('blocked');
  }
}

/** Runs the alarm job once and returns the mails it wrote. */
async function runJob(): Promise<OutboxMail[]> {
  const before = new Set(ctx.server.readOutbox().map((m) => m.file));
  const job = createRetailerAlarmJob({
    db: ctx.server.db,
    mailer: ctx.server.deps.mailer,
    log: createLogger({ level: 'silent' }),
    now,
    publicUrl: ctx.server.env.PUBLIC_URL,
  });
  await job.run();
  return ctx.server.readOutbox().filter((m) => !before.has(m.file));
}

async function health(): Promise<Record<string, RetailerHealth>> {
  const res = await staff.get('/api/admin/retailers/health/');
  expect(res.status).toBe(200);
  return Object.fromEntries((res.body.retailers as RetailerHealth[]).map((r) => [r.retailer, r]));
}

describe('the shop alarm', () => {
  let firstSearchAt = 0;
  let alarmAt = 0;
  let since = '';

  it('sends nothing while a failing shop has fewer than ten searches in the hour', async () => {
    firstSearchAt = now();
    await searches(9);
    expect(await runJob()).toEqual([]);
    expect((await health()).farmaline!.failing).toBeNull();
  });

  it('mails each staff member once, in their language, naming the shop and "blocked by robots.txt"', async () => {
    await searches(1);
    alarmAt = now();
    const mails = await runJob();
    expect(mails.map((m) => m.to).sort()).toEqual(['ops@example.be', 'team-nl@example.be']);
    const fr = mails.find((m) => m.to === 'ops@example.be')!;
    expect(fr.subject).toBe('PharmaRadar : Farmaline en panne');
    expect(fr.text).toContain('10 des 10 recherches');
    expect(fr.text).toMatch(/Cause la plus fréquente : bloquée \(robots\.txt of 127\.0\.0\.1:\d+ disallows \/[^)]*\)/);
    expect(fr.text).toContain(`${ctx.server.env.PUBLIC_URL}/admin`);
    const nl = mails.find((m) => m.to === 'team-nl@example.be')!;
    expect(nl.subject).toBe('PharmaRadar: Farmaline werkt niet');
    expect(nl.text).toMatch(/geblokkeerd \(robots\.txt of .* disallows/);
    expect(nl.text).toContain(`${ctx.server.env.PUBLIC_URL}/nl/admin`);
  });

  it('shows on /admin since when the shop is failing, and why', async () => {
    const byId = await health();
    const failing = byId.farmaline!.failing!;
    since = failing.since;
    expect(Date.parse(failing.since)).toBeGreaterThanOrEqual(firstSearchAt);
    expect(Date.parse(failing.since)).toBeLessThan(alarmAt);
    expect(failing).toMatchObject({ error: 'blocked', reason: expect.stringMatching(/^robots\.txt of .* disallows /) });
    expect(Date.parse(failing.mailed_at!)).toBeGreaterThanOrEqual(alarmAt);
    const others = Object.values(byId).filter((r) => r.retailer !== 'farmaline');
    expect(others.map((r) => r.retailer)).toEqual(['medimarket', 'multipharma']);
    for (const other of others) expect(other.failing).toBeNull();
  });

  it('sends no second mail within six hours while the shop keeps failing', async () => {
    await searches(3);
    expect(await runJob()).toEqual([]);
    offset += 2 * HOUR;
    await searches(10);
    expect(await runJob()).toEqual([]);
    // Still the same episode: its start has not moved.
    expect((await health()).farmaline!.failing!.since).toBe(since);
  });

  it('mails once when a shop recovers, and /admin no longer shows it failing', async () => {
    ctx.shops.demo.setFault('multipharma', 'garbage');
    await searches(10);
    const broken = await runJob();
    expect(broken.map((m) => m.subject).sort()).toEqual([
      'PharmaRadar : Multipharma en panne',
      'PharmaRadar: Multipharma werkt niet',
    ]);
    expect(broken[0]!.text).toMatch(/page illisible|onleesbare pagina/);
    expect((await health()).multipharma!.failing).toMatchObject({ error: 'parse_failed' });

    ctx.shops.demo.setFault('multipharma', null);
    offset += HOUR + 60_000;
    await searches(10);
    const mended = await runJob();
    expect(mended.map((m) => m.subject).sort()).toEqual([
      'PharmaRadar : Multipharma fonctionne de nouveau',
      'PharmaRadar: Multipharma werkt weer',
    ]);
    expect(mended.find((m) => m.to === 'ops@example.be')!.text).toContain(
      '10 des 10 recherches de la dernière heure ont abouti',
    );
    expect((await health()).multipharma!.failing).toBeNull();
    // Farmaline is still blocked: still shown, still not mailed again.
    expect((await health()).farmaline!.failing).toMatchObject({ error: 'blocked' });
    expect(await runJob()).toEqual([]);
  });
});
