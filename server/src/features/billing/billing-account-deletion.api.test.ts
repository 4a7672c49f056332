import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient } from '../../../test/helpers/test-client';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { demoStripe, eventually, registeredClient, subscribe } from './billing.test-support';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const PASSWORD = 'Correct horse 42';
const deletion = (email: string) => ({ email_confirmation: email, acknowledge: true, password: PASSWORD });

/** The subscription as the look-alike's API answers it (what Stripe itself would say). */
async function atProvider(id: string) {
  const { secretKey, local } = demoStripe(server).target;
  const res = await fetch(`http://${local.host}:${local.port}/v1/subscriptions/${id}`, {
    headers: { authorization: `Bearer ${secretKey}` },
  });
  return (await res.json()) as { status: string; cancel_at_period_end: boolean; ended_at: number | null };
}

describe('deleting a paying account (ADR 130)', () => {
  it('ends the subscription at the provider at once and the mail says so', async () => {
    const email = 'paying-delete@example.be';
    const client = await registeredClient(server, email);
    const { sub } = await subscribe(server, client);
    const res = await client.post('/api/account/delete/', deletion(email), { lang: 'en' });
    expect(res.status).toBe(200);
    expect(await atProvider(sub.id)).toMatchObject({ status: 'canceled', cancel_at_period_end: false });
    expect((await atProvider(sub.id)).ended_at).not.toBeNull();
    const mail = await eventually(() =>
      server.readOutbox().find((m) => m.to.includes(email) && m.subject.includes('supprimé')),
    );
    expect(mail.text).toContain(
      'Votre abonnement PharmaRadar Pro a été résilié immédiatement auprès de notre prestataire de paiement',
    );
  });

  it('a free account’s deletion mail says nothing about a subscription', async () => {
    const email = 'free-delete@example.be';
    const client = await registeredClient(server, email);
    expect((await client.post('/api/account/delete/', deletion(email))).status).toBe(200);
    const mail = await eventually(() =>
      server.readOutbox().find((m) => m.to.includes(email) && m.subject.includes('supprimé')),
    );
    expect(mail.text).not.toContain('abonnement');
  });

  it.each([
    ['failing (500)', 'failing', 'en', 'Your subscription could not be cancelled with the payment provider'],
    ['unreachable', 'unreachable', 'nl', 'Uw abonnement kon niet worden opgezegd bij de betaalprovider'],
  ] as const)('provider %s: the deletion is refused, translated, and nothing changes', async (_, fault, lang, text) => {
    const email = `delete-${fault}@example.be`;
    const client = await registeredClient(server, email);
    const { sub } = await subscribe(server, client);
    const demo = demoStripe(server);
    const mailsBefore = server.readOutbox().length;
    demo.controls[fault] = true;
    let res;
    try {
      res = await client.post('/api/account/delete/', deletion(email), { lang });
    } finally {
      demo.controls[fault] = false;
    }
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('subscription_cancel_failed');
    expect(res.body.detail).toContain(text);
    expect((await client.get('/api/auth/me/')).body.user).toMatchObject({ email, is_pro: true });
    expect(await atProvider(sub.id)).toMatchObject({ status: 'active' });
    expect(
      server
        .readOutbox()
        .slice(mailsBefore)
        .filter((m) => m.subject.includes('supprimé')),
    ).toEqual([]);
    const login = await createTestClient(server.url).post('/api/auth/login/', { username: email, password: PASSWORD });
    expect(login.status).toBe(200);
  });
});
