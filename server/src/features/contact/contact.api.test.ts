import { afterEach, describe, expect, it } from 'vitest';
import { createTestClient } from '../../../test/helpers/test-client';
import { startSmtpServer, type TestSmtpServer } from '../../../test/fakes/smtp-server';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';

let server: TestServer | undefined;
let smtp: TestSmtpServer | undefined;
afterEach(async () => {
  await server?.close();
  await smtp?.close();
  server = undefined;
  smtp = undefined;
});

const valid = { name: 'Jeanne Dupont', email: 'jeanne@example.be', message: 'Bonjour,\nvos prix sont-ils à jour ?' };

async function start(env: Record<string, string> = {}) {
  server = await startTestServer({ CONTACT_TO: 'contact-team@pharmaradar.example', ...env });
  return { server, client: createTestClient(server.url) };
}

const rows = (s: TestServer) =>
  s.db
    .prepare(
      'SELECT name, email, message, locale, mail_status AS mailStatus, created_at AS createdAt FROM contact_messages ORDER BY id',
    )
    .all() as Array<Record<string, unknown>>;

describe('POST /api/contact/', () => {
  it('stores the message, mails it to CONTACT_TO with Reply-To the sender, and answers 201 (fr)', async () => {
    const { server, client } = await start();
    const res = await client.post('/api/contact/', { ...valid, name: '  Jeanne Dupont ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      detail: 'Merci, votre message a bien été envoyé. Nous vous répondrons dès que possible.',
    });
    expect(rows(server)).toEqual([{ ...valid, locale: 'fr', mailStatus: 'sent', createdAt: expect.any(Number) }]);

    const mails = server.readOutbox();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.to).toBe('contact-team@pharmaradar.example');
    expect(mail?.replyTo).toBe('Jeanne Dupont <jeanne@example.be>');
    expect(mail?.subject).toBe('[PharmaRadar] Contact form message #1');
    expect(mail?.text).toContain('Bonjour,\nvos prix sont-ils à jour ?');
    expect(mail?.text).toContain('E-mail: jeanne@example.be');

    // Personal data stays out of the logs.
    const logs = server.logs().join('\n');
    expect(logs).not.toContain('jeanne@example.be');
    expect(logs).not.toContain('Jeanne');
    expect(logs).not.toContain('vos prix');
  });

  it('answers in English and records the language', async () => {
    const { server, client } = await start();
    const res = await client.post('/api/contact/', valid, { lang: 'en-US,en;q=0.8' });
    expect(res.status).toBe(201);
    expect(res.body.detail).toBe('Thank you, your message has been sent. We will get back to you as soon as possible.');
    expect(rows(server)[0]?.locale).toBe('en');
  });

  it.each([
    ['fr', {}, 'Veuillez remplir tous les champs.', 'Ce champ est obligatoire.'],
    ['en', {}, 'Please fill in all fields.', 'This field is required.'],
    ['nl', {}, 'Vul alle velden in.', 'Dit veld is verplicht.'],
    ['fr', { name: '  ', email: '', message: '\n' }, 'Veuillez remplir tous les champs.', 'Ce champ est obligatoire.'],
    ['en', { name: 'Jo', email: 'jo@example.be' }, 'Please fill in all fields.', 'This field is required.'],
  ])(
    'refuses missing fields (%s %j) with 400 validation, storing and mailing nothing',
    async (lang, body, detail, fieldMessage) => {
      const { server, client } = await start();
      const res = await client.post('/api/contact/', body, { lang });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation');
      expect(res.body.detail).toBe(detail);
      const missing = ['name', 'email', 'message'].filter((f) => !(body as Record<string, string>)[f]?.trim());
      expect(res.body.fields).toEqual(Object.fromEntries(missing.map((f) => [f, fieldMessage])));
      expect(rows(server)).toEqual([]);
      expect(server.readOutbox()).toEqual([]);
    },
  );

  it.each([
    ['fr', 'Veuillez saisir une adresse e-mail valide.'],
    ['en', 'Please enter a valid e-mail address.'],
    ['nl', 'Vul een geldig e-mailadres in.'],
  ])('refuses an invalid e-mail with its own message (%s)', async (lang, message) => {
    const { server, client } = await start();
    for (const email of ['jeanne', 'jeanne@', 'a b@example.be', 'jeanne@example.be\r\nBcc: x@y.example']) {
      const res = await client.post('/api/contact/', { ...valid, email }, { lang });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'validation', detail: message, fields: { email: message } });
    }
    expect(rows(server)).toEqual([]);
  });

  it('refuses over-long fields and wrong types', async () => {
    const { server, client } = await start();
    const long = await client.post(
      '/api/contact/',
      { ...valid, name: 'n'.repeat(101), message: 'm'.repeat(5001) },
      { lang: 'en' },
    );
    expect(long.status).toBe(400);
    expect(long.body.fields).toEqual({ name: 'This text is too long.', message: 'This text is too long.' });
    const typed = await client.post('/api/contact/', { ...valid, message: 42 }, { lang: 'en' });
    expect(typed.status).toBe(400);
    expect(typed.body.fields).toEqual({ message: 'This field is required.' });
    const email = await client.post(
      '/api/contact/',
      { ...valid, email: `${'a'.repeat(250)}@example.be` },
      { lang: 'en' },
    );
    expect(email.body.fields).toEqual({ email: 'This text is too long.' });
    expect(rows(server)).toEqual([]);
  });

  it('refuses a body that is not JSON', async () => {
    const { client } = await start();
    const form = await client.post('/api/contact/', 'name=a&email=b', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      lang: 'en',
    });
    expect(form.status).toBe(415);
    expect(form.body.code).toBe('unsupported_media_type');
    const broken = await client.post('/api/contact/', '{"name": ', { lang: 'en' });
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ code: 'invalid_json', detail: 'The request body is not valid JSON.' });
  });

  it('requires the CSRF token and has no GET side door', async () => {
    const { server, client } = await start();
    expect((await client.post('/api/contact/', valid, { csrf: false })).status).toBe(403);
    expect((await client.get('/api/contact/')).status).toBe(404);
    expect(rows(server)).toEqual([]);
  });

  it('strips CR/LF from the name: "a\\r\\nBcc: x@y" yields a single-recipient mail (SMTP envelope)', async () => {
    smtp = await startSmtpServer();
    const { server, client } = await start({ SMTP_URL: smtp.url });
    const res = await client.post('/api/contact/', { ...valid, name: 'a\r\nBcc: x@y.example' });
    expect(res.status).toBe(201);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.envelope.to).toEqual(['contact-team@pharmaradar.example']);
    expect(mail?.headerNames).not.toContain('bcc');
    expect(mail?.headerNames.filter((h) => h === 'reply-to')).toHaveLength(1);
    expect(mail?.replyTo).not.toMatch(/[\r\n]/);
    expect(mail?.replyTo).toContain('<jeanne@example.be>');
    expect(rows(server)[0]).toMatchObject({ name: 'a Bcc: x@y.example', mailStatus: 'sent' });
    expect(server.readOutbox()).toEqual([]);
  });

  it('keeps the message (mail_status failed) and answers 503 mail_failed when mailing fails', async () => {
    smtp = await startSmtpServer({ rejectRecipients: true });
    const { server, client } = await start({ SMTP_URL: smtp.url });
    const fr = await client.post('/api/contact/', valid);
    expect(fr.status).toBe(503);
    expect(fr.body).toEqual({
      code: 'mail_failed',
      detail: 'Impossible d’envoyer votre message pour le moment. Veuillez réessayer plus tard.',
    });
    const en = await client.post('/api/contact/', valid, { lang: 'en' });
    expect(en.body).toEqual({
      code: 'mail_failed',
      detail: 'Unable to send your message right now. Please try again later.',
    });
    expect(rows(server).map((r) => r.mailStatus)).toEqual(['failed', 'failed']);
    expect(rows(server)[0]).toMatchObject(valid);
  });

  it('limits valid submissions to 5 per 10 minutes per connection, whatever X-Forwarded-For says', async () => {
    const { server, client } = await start();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await client.post('/api/contact/', valid, { headers: { 'X-Forwarded-For': `203.0.113.${i}` } });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.body.code).toBe('rate_limited');
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
    expect(rows(server)).toHaveLength(5);
    expect(server.readOutbox()).toHaveLength(5);
  });
});
