import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertListSchema, alertSchema } from '@pharmaradar/shared/alerts.schema';
import { createTestClient, type TestClient } from '../../../test/helpers/test-client';
import type { OutboxMail } from '../../../test/fakes/outbox';
import type { TestServer } from '../../../test/helpers/test-server';
import { demoDay } from '../../demo/demo-prices';
import { registerVerifiedAccount } from '../../../test/helpers/accounts';
import { belowAlert } from '../../../test/helpers/alerts';
import { createClock, type Clock } from '../../../test/helpers/clock';
import { startTestServer } from '../../../test/helpers/test-server';
import { dropThenRise, noonOf } from '../../../test/helpers/price-days';

// Price alerts (ADR 116) against the real server in demo mode, whose shop prices move from
// day to day with the server's clock: the test moves the clock and runs the job's passes itself.

const scenario = dropThenRise(demoDay(Date.parse('2026-05-01T00:00:00Z')));
const { product } = scenario;
const euro = (v: number) => v.toFixed(2).replace('.', ',');
const PASSWORD = 'Correct horse 42';

async function signedIn(server: TestServer, email: string): Promise<TestClient> {
  return (await registerVerifiedAccount(server.url, server.env.MAIL_OUTBOX_DIR, email, PASSWORD)).client;
}

/** The price alert mails to `to` (not the account's verification mail). */
async function waitForMails(server: TestServer, to: string, count: number): Promise<OutboxMail[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = server
      .readOutbox()
      .filter((m) => m.to.includes(to) && /^(Alerte prix|Price alert|Prijsalarm)/.test(m.subject));
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`expected ${count} mails to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('price alerts', () => {
  let server: TestServer;
  let clock: Clock;
  let anne: TestClient;

  beforeAll(async () => {
    clock = createClock(noonOf(scenario.day));
    server = await startTestServer({ ALERTS_CHECK_INTERVAL_MIN: '0' }, { now: clock.now });
    anne = await signedIn(server, 'anne@example.be');
  });
  afterAll(async () => {
    await server?.close();
  });

  const run = () => server.alertChecks();

  it('needs a session, a CSRF token and a valid body', async () => {
    const anonymous = createTestClient(server.url);
    expect((await anonymous.get('/api/alerts/')).status).toBe(401);
    const body = { cnk: product.cnk, product_name: product.name.fr, kind: 'drop' };
    expect((await anne.post('/api/alerts/create/', body, { csrf: false })).status).toBe(403);
    const noTarget = await anne.post('/api/alerts/create/', { ...body, kind: 'below' }, { lang: 'en' });
    expect(noTarget.status).toBe(400);
    expect(noTarget.body.code).toBe('validation');
    expect(Object.keys(noTarget.body.fields ?? noTarget.body.errors ?? {})).toContain('target_price');
    const badCnk = await anne.post('/api/alerts/create/', { ...body, cnk: 'abc' }, { lang: 'nl' });
    expect(badCnk.status).toBe(400);
    expect(JSON.stringify(badCnk.body)).toContain('Voer een geldige CNK in');
  });

  it('mails once per crossing when the demo price moves, and the mail unsubscribes in one click', async () => {
    // A threshold the price reaches tomorrow, and any drop.
    const target = Math.round(((scenario.before + scenario.after) / 2) * 100) / 100;
    const below = await anne.post('/api/alerts/create/', belowAlert(product, target));
    expect(below.status).toBe(201);
    expect(alertSchema.parse(below.body)).toMatchObject({ kind: 'below', target_price: target, last_price: null });
    const drop = await anne.post(
      '/api/alerts/create/',
      { cnk: product.cnk, product_name: product.name.en, kind: 'drop' },
      { lang: 'en' },
    );
    expect(drop.status).toBe(201);

    // Today: the baseline, no mail.
    expect(await run()).toEqual({ checked: 1, mailed: 0, pushed: 0 });
    const listed = alertListSchema.parse((await anne.get('/api/alerts/')).body).alerts;
    expect(listed.map((a) => [a.kind, a.last_price])).toEqual([
      ['drop', scenario.before],
      ['below', scenario.before],
    ]);

    // Tomorrow the price is lower: one mail per alert, in the language each was set in.
    clock.advance(24 * 3600_000);
    expect(await run()).toEqual({ checked: 1, mailed: 2, pushed: 0 });
    const mails = await waitForMails(server, 'anne@example.be', 2);
    const fr = mails.find((m) => m.subject.startsWith('Alerte prix'))!;
    const en = mails.find((m) => m.subject.startsWith('Price alert'))!;
    expect(fr.subject).toBe(`Alerte prix : ${product.name.fr}`);
    expect(fr.text).toContain(`${euro(scenario.after)}`);
    expect(fr.text).toContain(`sous votre seuil de ${euro(target)}`);
    expect(en.text).toContain(`the price of ${product.name.en} went down`);

    // Later the same day: nothing new crossed, nothing mailed.
    clock.advance(3600_000);
    expect(await run()).toEqual({ checked: 1, mailed: 0, pushed: 0 });

    // The mail's link stops the alert without logging in; it works once.
    // The link is on PUBLIC_URL; the test server listens on its own port.
    const mailed = new URL(/(http\S+\/api\/alerts\/unsubscribe\/\S+)/.exec(fr.text)![1]!);
    const link = new URL(`${mailed.pathname}${mailed.search}`, server.url);
    const page = await fetch(link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Alerte supprimée');
    expect(html).toContain('data-done="true"');
    expect((await fetch(link)).status).toBe(404);
    const forged = new URL(link);
    forged.searchParams.set('id', String(Number(forged.searchParams.get('id')) + 1));
    expect((await fetch(forged)).status).toBe(404);
    const left = alertListSchema.parse((await anne.get('/api/alerts/')).body).alerts;
    expect(left.map((a) => a.kind)).toEqual(['drop']);
  });

  it('mails at the first check when the price already meets the threshold, naming the product and the shop as people know them', async () => {
    const erin = await signedIn(server, 'erin@example.be');
    // An older client sent the product page's title as the name.
    const created = await erin.post('/api/alerts/create/', {
      cnk: product.cnk,
      product_name: `${product.name.fr} : comparez les prix`,
      kind: 'below',
      target_price: scenario.before + 1,
    });
    expect(created.status).toBe(201);
    expect(alertSchema.parse(created.body).product_name).toBe(product.name.fr);

    expect((await run()).mailed).toBe(1);
    const [mail] = await waitForMails(server, 'erin@example.be', 1);
    expect(mail!.subject).toBe(`Alerte prix : ${product.name.fr}`);
    // The earlier test moved the clock to the day after: the price is that day's.
    expect(mail!.text).toContain(`Bonne nouvelle : ${product.name.fr} est à ${euro(scenario.after)}`);
    expect(mail!.text).not.toContain('comparez les prix a');
    expect(mail!.text).toMatch(/Meilleur prix chez (Farmaline|Medi-Market|Multipharma|Newpharma)\. /);
    // Once per crossing: still under the threshold at the next check, no second mail.
    clock.advance(3600_000);
    expect((await run()).mailed).toBe(0);
    const [alert] = alertListSchema.parse((await erin.get('/api/alerts/')).body).alerts;
    expect((await erin.delete(`/api/alerts/${alert!.id}/`)).status).toBe(204);
  });

  it('lists only the user’s own alerts and deletes them on request', async () => {
    const bob = await signedIn(server, 'bob@example.be');
    expect(alertListSchema.parse((await bob.get('/api/alerts/')).body).alerts).toEqual([]);
    const anneAlert = alertListSchema.parse((await anne.get('/api/alerts/')).body).alerts[0]!;
    expect((await bob.delete(`/api/alerts/${anneAlert.id}/`)).status).toBe(404);
    expect((await anne.delete(`/api/alerts/${anneAlert.id}/`)).status).toBe(204);
    expect(alertListSchema.parse((await anne.get('/api/alerts/')).body).alerts).toEqual([]);
  });

  it('is part of the data export, and deleting the account deletes the alerts', async () => {
    const carl = await signedIn(server, 'carl@example.be');
    await carl.post('/api/alerts/create/', belowAlert(product, 1.5));
    const exported = await carl.get('/api/account/export/');
    expect(exported.status).toBe(200);
    expect(exported.body.alerts).toEqual([
      expect.objectContaining({ cnk: product.cnk, kind: 'below', target_price: 1.5 }),
    ]);
    const userId = (server.db.prepare('SELECT id FROM users WHERE email = ?').get('carl@example.be') as { id: number })
      .id;
    const deleted = await carl.post('/api/account/delete/', {
      email_confirmation: 'carl@example.be',
      acknowledge: true,
      password: PASSWORD,
    });
    expect(deleted.status).toBe(200);
    expect(server.db.prepare('SELECT count(*) AS n FROM price_alerts WHERE user_id = ?').get(userId)).toEqual({ n: 0 });
  });
});

describe('price alerts job politeness', () => {
  it('re-checks at most ALERTS_CHECKS_PER_HOUR products an hour, the longest unchecked first', async () => {
    const clock = createClock(noonOf(scenario.day));
    const server = await startTestServer(
      { ALERTS_CHECK_INTERVAL_MIN: '0', ALERTS_CHECKS_PER_HOUR: '2' },
      { now: clock.now },
    );
    try {
      const dana = await signedIn(server, 'dana@example.be');
      const cnks = ['2322162', '4753208', '2370989'];
      for (const cnk of cnks) await dana.post('/api/alerts/create/', { cnk, product_name: cnk, kind: 'drop' });
      expect(await server.alertChecks()).toEqual({ checked: 2, mailed: 0, pushed: 0 });
      expect(await server.alertChecks()).toEqual({ checked: 0, mailed: 0, pushed: 0 });
      clock.advance(3600_000 + 1);
      expect(await server.alertChecks()).toEqual({ checked: 2, mailed: 0, pushed: 0 });
      const checked = alertListSchema.parse((await dana.get('/api/alerts/')).body).alerts;
      expect(checked.every((a) => a.last_checked_at !== null)).toBe(true);
    } finally {
      await server.close();
    }
  });
});
