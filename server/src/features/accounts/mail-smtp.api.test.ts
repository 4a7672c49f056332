import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseMail, type OutboxMail } from '../../../test/fakes/outbox';
import { createTestClient } from '../../../test/helpers/test-client';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { codeFrom, registration } from './accounts.test-support';

/** A real SMTP server on loopback collecting what the app sends. */
describe('account e-mails over SMTP', () => {
  let smtp: SMTPServer;
  let received: Array<{ to: string[]; mail: OutboxMail }>;
  let server: TestServer;

  beforeEach(async () => {
    received = [];
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            mail: parseMail(Buffer.concat(chunks).toString('utf8')),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterEach(async () => {
    await server.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  async function nextMail(count: number) {
    const deadline = Date.now() + 10_000;
    while (received.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    expect(received.length).toBeGreaterThanOrEqual(count);
    return received[count - 1]!;
  }

  it('delivers the verification code in English with a text and an HTML part, and the code works', async () => {
    const client = createTestClient(server.url);
    expect((await client.post('/api/auth/register/', registration('smtp@example.be'), { lang: 'en' })).status).toBe(
      201,
    );
    const { to, mail } = await nextMail(1);
    expect(to).toEqual(['smtp@example.be']);
    expect(mail.subject).toBe('Your PharmaRadar verification code');
    expect(mail.from).toContain('no-reply@pharmaradar.be');
    expect(mail.raw).toMatch(/multipart\/alternative/);
    expect(mail.text).toContain('/en/activate/');
    const res = await client.post('/api/auth/verify-otp/', { email: 'smtp@example.be', code: codeFrom(mail) });
    expect(res.status).toBe(200);
    expect(server.readOutbox()).toHaveLength(0);
  });

  it('an unreachable SMTP server does not fail the request (the error is logged)', async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    const client = createTestClient(server.url);
    const res = await client.post('/api/auth/password-reset/', { email: 'nobody@example.be' });
    expect(res.status).toBe(200);
    expect((await client.post('/api/auth/register/', registration('down@example.be'))).status).toBe(201);
    const deadline = Date.now() + 10_000;
    while (!server.logs().some((l) => l.includes('account mail failed')) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(server.logs().some((l) => l.includes('account mail failed'))).toBe(true);
    smtp = new SMTPServer({ logger: false });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  });
});
