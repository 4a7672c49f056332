import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_PUSH_SUBSCRIPTIONS_PER_USER,
  pushDeviceListSchema,
  pushDeviceSchema,
  pushKeySchema,
} from '@pharmaradar/shared/push.schema';
import { alertPreferencesSchema } from '@pharmaradar/shared/alerts.schema';
import { registerVerifiedAccount } from '../../../test/helpers/accounts';
import { createTestClient, type TestClient } from '../../../test/helpers/test-client';
import { LIVE_TEST_ENV, startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { usePushTestServer } from '../../../test/helpers/push';

// Turning push on and off per device, against the real server (demo mode: a push service on
// loopback stands in for the browser's) and its SQLite database.

const PASSWORD = 'Correct horse 42';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

async function signedIn(server: TestServer, email: string): Promise<TestClient> {
  return (await registerVerifiedAccount(server.url, server.env.MAIL_OUTBOX_DIR, email, PASSWORD)).client;
}

async function logIn(server: TestServer, email: string): Promise<TestClient> {
  const client = createTestClient(server.url);
  const res = await client.post('/api/auth/login/', { username: email, password: PASSWORD });
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
  return client;
}

const devicesOf = async (client: TestClient, endpoint?: string) =>
  pushDeviceListSchema.parse(
    (await client.get('/api/push/subscriptions/', endpoint ? { headers: { 'X-Push-Endpoint': endpoint } } : {})).body,
  ).devices;

describe('push subscriptions (demo mode)', () => {
  const ctx = usePushTestServer();

  it('gives the VAPID public key to anyone: an uncompressed P-256 point', async () => {
    const res = await createTestClient(ctx.server.url).get('/api/push/key/');
    expect(res.status).toBe(200);
    const { publicKey } = pushKeySchema.parse(res.body);
    const raw = Buffer.from(publicKey, 'base64url');
    expect(raw.length).toBe(65);
    expect(raw[0]).toBe(4);
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('needs a session and the CSRF token, validates the keys, and changes nothing on refusal', async () => {
    const device = ctx.push.device();
    const anonymous = createTestClient(ctx.server.url);
    expect((await anonymous.post('/api/push/subscriptions/', device.subscription)).status).toBe(401);
    const anne = await signedIn(ctx.server, 'anne.push@example.be');
    expect((await anne.post('/api/push/subscriptions/', device.subscription, { csrf: false })).status).toBe(403);
    const badKeys = await anne.post(
      '/api/push/subscriptions/',
      { ...device.subscription, keys: { p256dh: 'short', auth: device.subscription.keys.auth } },
      { lang: 'nl' },
    );
    expect(badKeys.status).toBe(400);
    expect(badKeys.body.code).toBe('validation');
    expect(badKeys.body.fields['keys.p256dh']).toBe('De meldingssleutels van deze browser zijn niet geldig.');
    // A push service on a private network address is no browser's: refused in every mode.
    const privateHost = await anne.post(
      '/api/push/subscriptions/',
      { ...device.subscription, endpoint: 'https://10.1.2.3/push/x' },
      { lang: 'en' },
    );
    expect(privateHost.status).toBe(400);
    expect(privateHost.body.code).toBe('invalid_endpoint');
    expect(privateHost.body.detail).toBe('This browser gave a notification address we cannot use.');
    const plainHttp = await anne.post('/api/push/subscriptions/', {
      ...device.subscription,
      endpoint: 'http://push.example.com/x',
    });
    expect(plainHttp.body.code).toBe('invalid_endpoint');
    expect(await devicesOf(anne)).toEqual([]);
  });

  it('stores a device once: 201, then 200 with the same device, listed with `current` for this one', async () => {
    const anne = await signedIn(ctx.server, 'anne.device@example.be');
    const device = ctx.push.device();
    const first = await anne.post('/api/push/subscriptions/', device.subscription, {
      headers: { 'User-Agent': CHROME_ANDROID },
    });
    expect(first.status).toBe(201);
    const stored = pushDeviceSchema.parse(first.body.device);
    expect(stored).toMatchObject({ service: '127.0.0.1', device: 'Chrome · Android', current: true });
    const again = await anne.post('/api/push/subscriptions/', device.subscription);
    expect(again.status).toBe(200);
    expect(again.body.device.id).toBe(stored.id);
    const other = ctx.push.device();
    expect((await anne.post('/api/push/subscriptions/', other.subscription)).status).toBe(201);
    const listed = await devicesOf(anne, device.subscription.endpoint);
    expect(listed.map((d) => [d.id, d.current])).toEqual(
      expect.arrayContaining([
        [stored.id, true],
        [expect.any(Number), false],
      ]),
    );
    expect(listed).toHaveLength(2);
    expect(JSON.stringify(listed)).not.toContain(device.subscription.endpoint);
    // The account export names the devices, without the endpoint or keys.
    const exported = await anne.get('/api/account/export/');
    expect(exported.status).toBe(200);
    expect(exported.body.push_devices).toHaveLength(2);
    expect(exported.body.push_devices).toContainEqual({
      service: '127.0.0.1',
      // The label of the last time push was turned on from it (the second POST sent no User-Agent).
      device: '',
      created_at: stored.created_at,
    });
    expect(exported.text).not.toContain(device.subscription.endpoint);
    expect(exported.text).not.toContain(device.subscription.keys.auth);
  });

  it('turns one device off by its endpoint or by its id, idempotently, and never another user’s', async () => {
    const anne = await signedIn(ctx.server, 'anne.off@example.be');
    const bert = await signedIn(ctx.server, 'bert.off@example.be');
    const [a1, a2, b1] = [ctx.push.device(), ctx.push.device(), ctx.push.device()];
    await anne.post('/api/push/subscriptions/', a1.subscription);
    await anne.post('/api/push/subscriptions/', a2.subscription);
    const bertDevice = (await bert.post('/api/push/subscriptions/', b1.subscription)).body.device.id as number;
    // Anne cannot turn off Bert's device, neither by id nor by endpoint.
    expect((await anne.delete(`/api/push/subscriptions/${bertDevice}`)).status).toBe(204);
    expect(
      (await anne.request('DELETE', '/api/push/subscriptions/', { body: { endpoint: b1.subscription.endpoint } }))
        .status,
    ).toBe(204);
    expect(await devicesOf(bert)).toHaveLength(1);
    const remove = () =>
      anne.request('DELETE', '/api/push/subscriptions/', { body: { endpoint: a1.subscription.endpoint } });
    expect((await remove()).status).toBe(204);
    expect((await remove()).status).toBe(204);
    const [left] = await devicesOf(anne);
    expect((await anne.delete(`/api/push/subscriptions/${left!.id}/`)).status).toBe(204);
    expect(await devicesOf(anne)).toEqual([]);
    expect(
      (
        await anne.request('DELETE', '/api/push/subscriptions/', {
          body: { endpoint: a1.subscription.endpoint },
          csrf: false,
        })
      ).status,
    ).toBe(403);
  });

  it('holds the per-user cap, also when the last place is asked for twice at once', async () => {
    const anne = await signedIn(ctx.server, 'anne.cap@example.be');
    for (let i = 0; i < MAX_PUSH_SUBSCRIPTIONS_PER_USER - 1; i++) {
      expect((await anne.post('/api/push/subscriptions/', ctx.push.device().subscription)).status).toBe(201);
    }
    const both = await Promise.all([
      anne.post('/api/push/subscriptions/', ctx.push.device().subscription, { lang: 'nl' }),
      anne.post('/api/push/subscriptions/', ctx.push.device().subscription, { lang: 'nl' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = both.find((r) => r.status === 409)!;
    expect(refused.body.code).toBe('push_limit');
    expect(refused.body.detail).toContain('maximale aantal apparaten');
    expect(await devicesOf(anne)).toHaveLength(MAX_PUSH_SUBSCRIPTIONS_PER_USER);
    // A device already on is still answered (it takes no new place).
    const [known] = await devicesOf(anne);
    expect(known).toBeDefined();
  });

  it('moves a device to whoever turns push on with it next (a shared tablet)', async () => {
    const anne = await signedIn(ctx.server, 'anne.tablet@example.be');
    const bert = await signedIn(ctx.server, 'bert.tablet@example.be');
    const tablet = ctx.push.device();
    const anneDevice = (await anne.post('/api/push/subscriptions/', tablet.subscription)).body.device.id as number;
    const moved = await bert.post('/api/push/subscriptions/', tablet.subscription);
    expect(moved.status).toBe(201);
    expect(moved.body.device.id).not.toBe(anneDevice);
    expect(await devicesOf(anne)).toEqual([]);
    expect((await devicesOf(bert)).map((d) => d.id)).toEqual([moved.body.device.id]);
  });

  it('logout turns push off for the devices of that session only; account deletion for all', async () => {
    const email = 'anne.logout@example.be';
    const tabletSession = await signedIn(ctx.server, email);
    const phoneSession = await logIn(ctx.server, email);
    const [tablet, phone] = [ctx.push.device(), ctx.push.device()];
    await tabletSession.post('/api/push/subscriptions/', tablet.subscription);
    await phoneSession.post('/api/push/subscriptions/', phone.subscription);
    expect((await tabletSession.post('/api/auth/logout/')).status).toBe(200);
    const left = await devicesOf(phoneSession, phone.subscription.endpoint);
    expect(left.map((d) => d.current)).toEqual([true]);

    // The tablet's owner logs in again on it and turns push on: it is theirs again, bound to the new session.
    const back = await logIn(ctx.server, email);
    expect((await back.post('/api/push/subscriptions/', tablet.subscription)).status).toBe(201);
    expect(await devicesOf(phoneSession)).toHaveLength(2);

    const deleted = await phoneSession.post('/api/account/delete/', {
      email_confirmation: email,
      acknowledge: true,
      password: PASSWORD,
    });
    expect(deleted.status).toBe(200);
    const rows = ctx.server.db
      .prepare('SELECT count(*) AS n FROM push_subscriptions WHERE endpoint IN (?, ?)')
      .get(tablet.subscription.endpoint, phone.subscription.endpoint) as { n: number };
    expect(rows.n).toBe(0);
  });

  it('keeps e-mail for alerts on by default, and off only while a device has push on', async () => {
    const anne = await signedIn(ctx.server, 'anne.prefs@example.be');
    expect(alertPreferencesSchema.parse((await anne.get('/api/alerts/preferences/')).body)).toEqual({ email: true });
    const noDevice = await anne.put('/api/alerts/preferences/', { email: false }, { lang: 'fr' });
    expect(noDevice.status).toBe(409);
    expect(noDevice.body.code).toBe('no_channel');
    expect(noDevice.body.detail).toContain('Activez d’abord les notifications');
    expect((await anne.get('/api/alerts/preferences/')).body).toEqual({ email: true });
    expect((await anne.put('/api/alerts/preferences/', { email: 'no' })).status).toBe(400);
    expect((await anne.put('/api/alerts/preferences/', { email: false }, { csrf: false })).status).toBe(403);
    await anne.post('/api/push/subscriptions/', ctx.push.device().subscription);
    const off = await anne.put('/api/alerts/preferences/', { email: false });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ email: false });
    expect((await anne.get('/api/alerts/preferences/')).body).toEqual({ email: false });
    expect((await createTestClient(ctx.server.url).get('/api/alerts/preferences/')).status).toBe(401);
  });
});

describe('push subscriptions (live mode)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ ...LIVE_TEST_ENV, ALERTS_CHECK_INTERVAL_MIN: '0' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('takes https endpoints of public push services only: no loopback, no private address, no plain http', async () => {
    const anne = await signedIn(server, 'anne.live@example.be');
    const keys = {
      p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url'),
      auth: Buffer.alloc(16, 1).toString('base64url'),
    };
    for (const endpoint of [
      'http://127.0.0.1:9/push/a',
      'https://127.0.0.1/push/a',
      'https://localhost/push/a',
      'https://[::1]/push/a',
      'https://192.168.1.20/push/a',
      'https://169.254.169.254/latest',
      'http://fcm.googleapis.com/fcm/send/a',
      'https://user:pw@fcm.googleapis.com/fcm/send/a',
    ]) {
      const res = await anne.post('/api/push/subscriptions/', { endpoint, keys });
      expect([endpoint, res.status, res.body.code]).toEqual([endpoint, 400, 'invalid_endpoint']);
    }
    const fcm = await anne.post('/api/push/subscriptions/', {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def',
      keys,
    });
    expect(fcm.status).toBe(201);
    expect(fcm.body.device.service).toBe('fcm.googleapis.com');
  });
});
