import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestClient, type TestClient } from '../../../test/helpers/test-client';
import type { TestServer } from '../../../test/helpers/test-server';
import { lastMail, registration, startAccountsTest, waitForMails } from './accounts.test-support';

const LURES = ['evil。example。com', 'evil．example．com', 'Anne@evil', 'Call 0470123456', 'You won a prize here'];
const MESSAGES = {
  fr: 'Saisissez votre prénom : des lettres seulement (trait d’union, apostrophe et espace permis), 3 mots et 40 caractères au plus.',
  en: 'Enter your first name: letters only (hyphens, apostrophes and spaces allowed), at most 3 words and 40 characters.',
  nl: 'Vul uw voornaam in: alleen letters (koppelteken, apostrof en spatie toegestaan), hoogstens 3 woorden en 40 tekens.',
};

/** First names never carry sentences or look-alike domains into other people's mail. */
describe('first names', () => {
  let server: TestServer, client: TestClient;

  beforeEach(async () => ({ server, client } = await startAccountsTest({ registered: 'me@example.be' })));
  afterEach(() => server.close());

  const userCount = () => (server.db.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n;

  it.each(LURES)(
    'registration with the first name %j is refused with a translated message; nothing is created or mailed',
    async (name) => {
      const before = userCount();
      for (const [lang, message] of Object.entries(MESSAGES)) {
        const res = await createTestClient(server.url).post(
          '/api/auth/register/',
          registration('target@example.be', { first_name: name }),
          { lang },
        );
        expect(res.status).toBe(400);
        expect(res.body.fields).toEqual({ first_name: message });
      }
      expect(userCount()).toBe(before);
      expect(server.readOutbox().filter((m) => m.to.includes('target@example.be'))).toHaveLength(0);
    },
  );

  it('a profile update to such a name is refused and changes nothing', async () => {
    const signedIn = createTestClient(server.url);
    await signedIn.post('/api/auth/login/', { username: 'me@example.be', password: registration('x').password });
    for (const name of LURES) {
      const res = await signedIn.patch(
        '/api/auth/update-profile/',
        { first_name: name, last_name: 'Other' },
        { lang: 'en' },
      );
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ first_name: MESSAGES.en });
    }
    expect((await signedIn.get('/api/auth/me/')).body.user).toMatchObject({ first_name: 'Anne', last_name: 'Peeters' });
  });

  it('accepts accented, hyphenated and apostrophised first names', async () => {
    const res = await client.post(
      '/api/auth/register/',
      registration('zoe@example.be', { first_name: "Zoë-Marie D'Hondt" }),
    );
    expect(res.status).toBe(201);
    expect((await lastMail(server, 'zoe@example.be')).text).toContain("Bonjour Zoë-Marie D'Hondt,");
  });

  it('a stored first name that fails the rule (an older row) is never written into a mail', async () => {
    server.db.prepare("UPDATE users SET first_name = 'Win at evil。example。com' WHERE email = 'me@example.be'").run();
    expect((await client.post('/api/auth/password-reset/', { email: 'me@example.be' })).status).toBe(200);
    const mails = await waitForMails(server, 'me@example.be', 2);
    const reset = mails[mails.length - 1]!;
    expect(reset.text.startsWith('Bonjour,\n')).toBe(true);
    expect(reset.text).not.toContain('evil');
  });
});
