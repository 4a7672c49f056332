import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { pushKeySchema, pushPayloadSchema } from '@pharmaradar/shared/push.schema';
import { registerVerifiedAccount } from '../../../test/helpers/accounts';
import { createClock, type Clock } from '../../../test/helpers/clock';
import { createTestClient, type TestClient } from '../../../test/helpers/test-client';
import type { TestServer } from '../../../test/helpers/test-server';
import type { FakeDevice, FakePushService } from '../../../test/fakes/push-service';
import { dropAlertWithPush, startPushTestServer, type PushTestServer } from '../../../test/helpers/push';
import { demoDay } from '../../demo/demo-prices';
import { dropThenRise, noonOf } from '../../../test/helpers/price-days';
import { closeDatabase, openDatabase } from '../../db/database';
import { databaseFile } from '../../db/cli-database';
import { createLogger } from '../../lib/log';
import { endpointPolicyOf } from './push.module';
import { vapidKeys } from './push-keys';
import { createWebPushSender } from './push-sender';
import { createPushRepository } from './push.repository';
import { createPushService, PUSH_RETRY_DELAYS_MS, PUSH_TTL_SECONDS } from './push.service';

// What a device receives when a price alert fires: the real server in demo mode (its shop prices
// move with its clock), a push service on loopback that checks the VAPID signature and decrypts each
// message with the device's own key, and the outbox for the e-mail.

const scenario = dropThenRise(demoDay(Date.parse('2026-05-01T00:00:00Z')));
const { product } = scenario;
const PASSWORD = 'Correct horse 42';
const DAY = 24 * 3600_000;
const euro = (v: number) => v.toFixed(2).replace('.', ',');

let running: PushTestServer | undefined;
afterEach(async () => {
  await running?.close();
});

async function start(): Promise<{ server: TestServer; clock: Clock; push: FakePushService }> {
  const clock = createClock(noonOf(scenario.day));
  running = await startPushTestServer({ now: clock.now });
  return { server: running.server, clock, push: running.push };
}

/** A verified account, logged in with `lang` (its stored language), with push on for `devices`. */
async function user(s: TestServer, email: string, lang: string, devices: FakeDevice[]): Promise<TestClient> {
  await registerVerifiedAccount(s.url, s.env.MAIL_OUTBOX_DIR, email, PASSWORD);
  const client = createTestClient(s.url);
  expect((await client.post('/api/auth/login/', { username: email, password: PASSWORD }, { lang })).status).toBe(200);
  await dropAlertWithPush(client, devices, product);
  return client;
}

const alertMails = (s: TestServer, to: string) =>
  s.readOutbox().filter((m) => m.to.includes(to) && /^(Alerte prix|Price alert|Prijsalarm)/.test(m.subject));

/** The baseline check today, then tomorrow's lower price: the alerts fire. */
async function priceDrops(s: TestServer, clock: Clock) {
  await s.alertChecks();
  clock.advance(DAY);
  return s.alertChecks();
}

describe('push messages of price alerts', () => {
  it('sends each device one message it can decrypt, signed with the VAPID key, in the user’s language, besides the e-mail', async () => {
    const { server: s, clock, push } = await start();
    const [phone, tablet, nlPhone] = [push.device(), push.device(), push.device()];
    await user(s, 'anne.fr@example.be', 'fr', [phone, tablet]);
    await user(s, 'bart.nl@example.be', 'nl', [nlPhone]);

    expect(await priceDrops(s, clock)).toMatchObject({ checked: 1, mailed: 2, pushed: 3 });
    expect(push.received.map((r) => r.device).sort()).toEqual([phone.id, tablet.id, nlPhone.id].sort());

    const { publicKey } = pushKeySchema.parse((await createTestClient(s.url).get('/api/push/key/')).body);
    for (const message of push.received) {
      expect(message.vapid).toMatchObject({ aud: push.url, publicKey, sub: 'mailto:contact@pharmaradar.be' });
      expect(message.ttl).toBe(PUSH_TTL_SECONDS);
      expect(message.topic).toBe(`alert-${product.cnk}`);
    }
    const fr = pushPayloadSchema.parse(push.received.find((r) => r.device === phone.id)!.payload);
    expect(fr.title).toBe(`Baisse de prix : ${product.name.fr}`);
    expect(fr.body).toMatch(new RegExp(`^Meilleur prix : ${euro(scenario.after)}\\s€ chez \\S+`));
    expect(fr.tag).toBe(`alert-${product.cnk}`);
    expect(fr.url).toMatch(new RegExp(`^/[a-z0-9-]+-${product.cnk}$|^/[a-z0-9-]+$`));
    const nl = pushPayloadSchema.parse(push.received.find((r) => r.device === nlPhone.id)!.payload);
    expect(nl.title).toBe(`Prijsdaling: ${product.name.fr}`);
    expect(nl.body).toMatch(new RegExp(`^Beste prijs: €\\s${euro(scenario.after)} bij \\S+`));
    expect(nl.url).toBe(`/nl${fr.url}`);
    // The URL is the product's page: the app's product API knows its slug as this product.
    const landing = await createTestClient(s.url).get(`/api/products${fr.url}/`);
    expect([landing.status, landing.body.cnk]).toEqual([200, product.cnk]);

    // The e-mail went too (e-mail is on by default).
    expect(alertMails(s, 'anne.fr@example.be')).toHaveLength(1);
    expect(alertMails(s, 'bart.nl@example.be')).toHaveLength(1);

    // The job again, and the delivery job: the firing is not sent twice.
    clock.advance(3600_000);
    await s.alertChecks();
    await s.pushDeliveries();
    expect(push.received).toHaveLength(3);
  });

  it('sends no e-mail when the user turned it off, and the push still goes', async () => {
    const { server: s, clock, push } = await start();
    const phone = push.device();
    const anne = await user(s, 'anne.nomail@example.be', 'en', [phone]);
    expect((await anne.put('/api/alerts/preferences/', { email: false })).status).toBe(200);
    expect(await priceDrops(s, clock)).toMatchObject({ mailed: 0, pushed: 1 });
    expect(pushPayloadSchema.parse(push.received[0]!.payload).title).toBe(`Price drop: ${product.name.fr}`);
    expect(alertMails(s, 'anne.nomail@example.be')).toEqual([]);
  });

  it('forgets a device the push service says is gone (404, 410), and the others still get theirs', async () => {
    const { server: s, clock, push } = await start();
    const [gone, expired, fine] = [push.device(), push.device(), push.device()];
    const anne = await user(s, 'anne.gone@example.be', 'fr', [gone, expired, fine]);
    push.answer(gone, 410);
    push.answer(expired, 404);
    await priceDrops(s, clock);
    expect(push.received.map((r) => r.device)).toEqual([fine.id]);
    const devices = (await anne.get('/api/push/subscriptions/')).body.devices as unknown[];
    expect(devices).toHaveLength(1);
    clock.advance(DAY);
    await s.pushDeliveries();
    expect(push.attempts.filter((a) => a.device !== fine.id)).toHaveLength(2);
  });

  it('retries 429 and 5xx with growing waits, once per due time, then gives up and logs it', async () => {
    const { server: s, clock, push } = await start();
    const [flaky, down] = [push.device(), push.device()];
    await user(s, 'anne.retry@example.be', 'fr', [flaky, down]);
    push.answer(flaky, 500, 429);
    push.answer(down, 503, 503, 503, 503, 503);
    await priceDrops(s, clock);
    expect(push.received).toEqual([]);
    // Not due yet: nothing is sent again before the first wait.
    await s.pushDeliveries();
    expect(push.attempts).toHaveLength(2);
    for (const wait of PUSH_RETRY_DELAYS_MS) {
      clock.advance(wait);
      await s.pushDeliveries();
      await s.pushDeliveries();
    }
    expect(push.received.map((r) => r.device)).toEqual([flaky.id]);
    expect(push.attempts.filter((a) => a.device === flaky.id).map((a) => a.status)).toEqual([500, 429, 201]);
    expect(push.attempts.filter((a) => a.device === down.id).map((a) => a.status)).toEqual([503, 503, 503, 503, 503]);
    expect(s.logs().some((line) => line.includes('push message given up'))).toBe(true);
    clock.advance(DAY);
    await s.pushDeliveries();
    expect(push.attempts).toHaveLength(8);
  });

  it('pushes a firing once when its e-mail failed and the next check fires it again', async () => {
    const { server: s, clock, push } = await start();
    const phone = push.device();
    await user(s, 'anne.mailfail@example.be', 'fr', [phone]);
    await s.alertChecks();
    clock.advance(DAY);
    // The mail cannot be written (a file stands where the outbox folder was): the alert stays as it
    // was, so the next check is the same firing.
    const outbox = s.env.MAIL_OUTBOX_DIR;
    renameSync(outbox, `${outbox}.away`);
    writeFileSync(outbox, '');
    try {
      expect(await s.alertChecks()).toMatchObject({ mailed: 0, pushed: 1 });
    } finally {
      rmSync(outbox);
      renameSync(`${outbox}.away`, outbox);
    }
    expect(push.received).toHaveLength(1);
    clock.advance(3600_000);
    expect(await s.alertChecks()).toMatchObject({ mailed: 1 });
    expect(alertMails(s, 'anne.mailfail@example.be')).toHaveLength(1);
    expect(push.received).toHaveLength(1);
  });

  it('no longer reaches a shared tablet with the previous user’s alerts once another user took it', async () => {
    const { server: s, clock, push } = await start();
    const tablet = push.device();
    await user(s, 'anne.shared@example.be', 'fr', [tablet]);
    await user(s, 'bert.shared@example.be', 'nl', [tablet]);
    await priceDrops(s, clock);
    expect(push.received).toHaveLength(1);
    expect(pushPayloadSchema.parse(push.received[0]!.payload).title).toMatch(/^Prijsdaling/);
  });

  it('sends each message once when two processes deliver at the same time (a second worker)', async () => {
    const { server: s, clock, push } = await start();
    const devices = [push.device(), push.device(), push.device(), push.device()];
    await user(s, 'anne.workers@example.be', 'fr', devices);
    for (const device of devices) push.answer(device, 503);
    await priceDrops(s, clock);
    expect(push.received).toEqual([]);
    // Another process on the same database, as a second server worker or `npm run alerts:check` is.
    const db = openDatabase(databaseFile(s.env));
    try {
      const policy = endpointPolicyOf(s.env);
      const other = createPushService({
        repository: createPushRepository(db),
        sender: createWebPushSender({ vapid: vapidKeys(s.env), policy }),
        policy,
        now: clock.now,
        log: createLogger({ level: 'silent' }),
      });
      clock.advance(PUSH_RETRY_DELAYS_MS[0]);
      await Promise.all([s.pushDeliveries(), other.deliver(), s.pushDeliveries(), other.deliver()]);
    } finally {
      closeDatabase(db);
    }
    expect(push.received.map((r) => r.device).sort()).toEqual(devices.map((d) => d.id).sort());
    expect(push.attempts).toHaveLength(8);
  });
});
