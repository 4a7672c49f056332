import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readOutboxDir } from '../../test/fakes/outbox';
import { startSmtpServer, type TestSmtpServer } from '../../test/fakes/smtp-server';
import { createLogger } from './log';
import { createMailer, headerSafe } from './mailer';

let dir: string;
let lines: string[];
const log = () => createLogger({ level: 'debug', write: (line) => lines.push(line) });
let smtp: TestSmtpServer | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pharmaradar-mail-'));
  lines = [];
});
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const message = {
  to: 'team@pharmaradar.be',
  subject: 'Votre code de connexion',
  text: 'Votre code : 123456\nÀ bientôt.',
  replyTo: { name: 'Élise "Pharma" Dupont', address: 'elise@example.be' },
};

describe('mailer without SMTP_URL (outbox)', () => {
  it('writes one .eml per mail, private, named <iso-timestamp>-<random>.eml, and logs file + subject only', async () => {
    const outbox = join(dir, 'outbox');
    const mailer = createMailer(
      { MAIL_FROM: 'PharmaRadar <no-reply@pharmaradar.be>', MAIL_OUTBOX_DIR: outbox, SMTP_URL: undefined },
      log(),
    );
    expect(mailer.mode).toBe('outbox');
    const sent = await mailer.send(message);
    await mailer.send({ ...message, subject: 'Second' });
    const files = readdirSync(outbox);
    expect(files).toHaveLength(2);
    for (const f of files) expect(f).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{8}\.eml$/);
    expect(statSync(sent.file ?? '').mode & 0o777).toBe(0o600);

    const [mail] = readOutboxDir(outbox);
    expect(mail?.to).toBe('team@pharmaradar.be');
    expect(mail?.from).toBe('PharmaRadar <no-reply@pharmaradar.be>');
    expect(mail?.replyTo).toContain('elise@example.be');
    expect(mail?.subject).toBe('Votre code de connexion');
    expect(mail?.text).toContain('Votre code : 123456\nÀ bientôt.');

    expect(
      lines.some((l) => l.includes('mail written to outbox') && l.includes('subject="Votre code de connexion"')),
    ).toBe(true);
    expect(lines.join('\n')).not.toContain('123456');
  });

  it('cannot be made to add a header or a recipient through header values', async () => {
    const outbox = join(dir, 'outbox');
    const mailer = createMailer(
      { MAIL_FROM: 'PharmaRadar <no-reply@pharmaradar.be>', MAIL_OUTBOX_DIR: outbox, SMTP_URL: undefined },
      log(),
    );
    await mailer.send({
      to: 'team@pharmaradar.be',
      subject: 'Hi\r\nBcc: victim@example.com',
      text: 'x',
      replyTo: { name: 'a\r\nBcc: x@y.example', address: 'sender@example.be' },
    });
    const [mail] = readOutboxDir(outbox);
    expect(mail?.headerNames).not.toContain('bcc');
    expect(mail?.headerNames.filter((h) => h === 'to')).toHaveLength(1);
    expect(mail?.to).toBe('team@pharmaradar.be');
    expect(headerSafe('a\r\nb\tc')).toBe('a b c');
  });
});

describe('mailer with SMTP_URL', () => {
  it('delivers through a real SMTP server with the right envelope and headers', async () => {
    smtp = await startSmtpServer();
    const mailer = createMailer(
      { MAIL_FROM: 'PharmaRadar <no-reply@pharmaradar.be>', MAIL_OUTBOX_DIR: join(dir, 'outbox'), SMTP_URL: smtp.url },
      log(),
    );
    expect(mailer.mode).toBe('smtp');
    const sent = await mailer.send(message);
    mailer.close();
    expect(sent.messageId).toMatch(/^<.+@.+>$/);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.envelope).toEqual({ from: 'no-reply@pharmaradar.be', to: ['team@pharmaradar.be'] });
    expect(mail?.subject).toBe('Votre code de connexion');
    expect(mail?.replyTo).toContain('elise@example.be');
    expect(mail?.text).toContain('Votre code : 123456');
    expect(readdirSync(dir)).toEqual([]);
    expect(lines.some((l) => l.includes('mail sent'))).toBe(true);
    expect(lines.join('\n')).not.toContain('123456');
  });

  it('rejects when the SMTP server refuses the recipient', async () => {
    smtp = await startSmtpServer({ rejectRecipients: true });
    const mailer = createMailer(
      { MAIL_FROM: 'no-reply@pharmaradar.be', MAIL_OUTBOX_DIR: join(dir, 'outbox'), SMTP_URL: smtp.url },
      log(),
    );
    await expect(mailer.send(message)).rejects.toThrow();
    mailer.close();
    expect(smtp.received).toHaveLength(0);
  });
});
