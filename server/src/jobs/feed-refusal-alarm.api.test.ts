import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminFeed, RetailerHealth } from '@pharmaradar/shared/admin.schema';
import type { TestClient } from '../../test/helpers/test-client';
import type { OutboxMail } from '../../test/fakes/outbox';
import { startTestServer, type TestServer } from '../../test/helpers/test-server';
import { createLogger } from '../lib/log';
import { signedIn, staffCli } from '../features/admin/admin.test-support';
import { createFeedImporter } from '../features/feeds/feeds.module';
import { createFeedsRepository } from '../features/feeds/feeds.repository';
import { rssFeed, startFeedServer, type FeedServer } from '../features/feeds/feeds.test-support';

// A refused feed import raises the shop alarm on its own, at once: a feed shop answers every search
// from its stored feed, so no share of failed calls would ever show it (docs/decisions/171, 179).

const GOOD = rssFeed([{ id: 'Y1', title: 'Qwarzil gel douche 250 ml', price: '6.40 EUR' }]);
const CUT_OFF = GOOD.slice(0, GOOD.indexOf('</item>'));

let feedX: FeedServer;
let feedY: FeedServer;
let server: TestServer;
let staff: TestClient;

async function until<T>(
  what: string,
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  feedX = await startFeedServer(CUT_OFF);
  feedY = await startFeedServer(GOOD);
  server = await startTestServer({
    RETAILERS_MODE: 'demo',
    RETAILERS: 'farmaline,pharmacie-x,pharmacie-y',
    RETAILER_FEEDS: `pharmacie-x=${feedX.url}/x.xml?key=s3cret,pharmacie-y=${feedY.url}/y.xml`,
    RETAILER_NAMES: 'pharmacie-x=Pharmacie X,pharmacie-y=Pharmacie Y',
  });
  for (const shop of ['pharmacie-x', 'pharmacie-y']) {
    await until(`${shop}'s import`, () => server.db.prepare('SELECT 1 FROM feed_imports WHERE retailer = ?').get(shop));
  }
  staff = await signedIn(server, 'ops@example.be');
  await staffCli(server, 'ops@example.be');
}, 60_000);
afterAll(async () => {
  await server?.close();
  await feedX?.close();
  await feedY?.close();
});

async function health(): Promise<Record<string, RetailerHealth>> {
  const res = await staff.get('/api/admin/retailers/health/');
  expect(res.status).toBe(200);
  return Object.fromEntries((res.body.retailers as RetailerHealth[]).map((r) => [r.retailer, r]));
}

/** Imports pharmacie-y's feed now, as its scheduled job does, telling the alarm as the app does. */
async function importY(): Promise<void> {
  const importNow = createFeedImporter({
    repo: createFeedsRepository(server.db),
    log: createLogger({ level: 'silent' }),
    now: Date.now,
    env: server.env,
    ended: () => server.deps.feedImportEnded?.(),
  });
  await importNow('pharmacie-y', `${feedY.url}/y.xml`, { force: true }).catch(() => null);
}

const mailsTo = (email: string, subject: RegExp): OutboxMail[] =>
  server.readOutbox().filter((m) => m.to.includes(email) && subject.test(m.subject));

describe('a refused feed import', () => {
  it('is shown on the /admin feeds panel, with each feed, its source, last import and last refusal', async () => {
    const res = await staff.get('/api/admin/feeds/');
    expect(res.status).toBe(200);
    const feeds = res.body.feeds as AdminFeed[];
    const y = server.db.prepare("SELECT imported_at FROM feed_state WHERE retailer = 'pharmacie-y'").get() as {
      imported_at: number;
    };
    expect(feeds).toEqual([
      {
        retailer: 'pharmacie-x',
        name: 'Pharmacie X',
        // The query string may hold the network's key: staff see the address without it.
        source: `${feedX.url}/x.xml`,
        imported_at: null,
        checked_at: null,
        items: null,
        last_refusal: { at: expect.any(String), refusal: 'truncated', message: expect.stringContaining('ends inside') },
        refused: true,
      },
      {
        retailer: 'pharmacie-y',
        name: 'Pharmacie Y',
        source: `${feedY.url}/y.xml`,
        imported_at: new Date(y.imported_at).toISOString(),
        checked_at: expect.any(String),
        items: 1,
        last_refusal: null,
        refused: false,
      },
    ]);
    // Staff only: anyone else is told it does not exist.
    expect((await fetch(`${server.url}/api/admin/feeds/`)).status).toBe(404);
  });

  it('shows the shop failing on /admin at once, with the refusal as the reason', async () => {
    // No alarm round was run by hand: the refusal at start-up raised it.
    const rows = await until('the alarm', () => health().then((h) => (h['pharmacie-x']?.failing ? h : null)));
    expect(rows['pharmacie-x']!.failing).toMatchObject({
      error: 'feed_refused',
      reason: expect.stringMatching(/^truncated: /),
    });
    expect(rows['pharmacie-y']!.failing).toBeNull();
  });

  it('mails staff at once, naming the shop and the reason, and again when a feed is accepted', async () => {
    feedY.serve(CUT_OFF);
    await importY();
    const [failing] = await until('the failure mail', () => {
      const mails = mailsTo('ops@example.be', /Pharmacie Y/);
      return mails.length > 0 ? mails : null;
    });
    expect(failing!.subject).toBe('PharmaRadar : Pharmacie Y en panne');
    expect(failing!.text).toMatch(/Le flux produits de Pharmacie Y a été refusé le .*: truncated: /);
    expect((await health())['pharmacie-y']!.failing).toMatchObject({ error: 'feed_refused' });

    feedY.serve(GOOD);
    await importY();
    const recovered = await until('the recovery mail', () =>
      mailsTo('ops@example.be', /Pharmacie Y fonctionne de nouveau/).at(0),
    );
    expect(recovered.text).toMatch(/Le flux produits de Pharmacie Y a de nouveau été importé/);
    expect((await health())['pharmacie-y']!.failing).toBeNull();
  });
});
