import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Env } from '../config/env';
import type { Logger } from './log';

export interface MailAddress {
  name: string;
  address: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string | MailAddress;
}

export interface SentMail {
  messageId: string;
  /** Absolute path of the .eml file when written to the outbox. */
  file?: string;
}

export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<SentMail>;
  close(): void;
}

/**
 * Removes CR, LF and other control characters from anything that lands in a mail header, so that
 * user input (a contact form name, say) can never add a header such as Bcc.
 */
export function headerSafe(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
}

function safeAddress(value: string | MailAddress): string | MailAddress {
  return typeof value === 'string'
    ? headerSafe(value)
    : { name: headerSafe(value.name), address: headerSafe(value.address) };
}

/** Name of an outbox file: sortable, unique, and valid on every file system (no colons). */
export function outboxFileName(date: Date): string {
  return `${date.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise each mail becomes an .eml file in
 * MAIL_OUTBOX_DIR (demo mode and tests read OTP codes and links there). Logs name the file and the
 * subject only: bodies carry codes and tokens.
 */
export function createMailer(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'MAIL_OUTBOX_DIR'>, log: Logger): Mailer {
  const from = headerSafe(env.MAIL_FROM);
  // Never let message content point nodemailer at local files or remote URLs.
  const common = { disableFileAccess: true, disableUrlAccess: true };

  if (env.SMTP_URL) {
    const transport = nodemailer.createTransport({
      url: env.SMTP_URL,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      ...common,
    });
    return {
      mode: 'smtp',
      async send(message) {
        const info = await transport.sendMail({ ...toNodemailer(message), from });
        log.info('mail sent', { subject: message.subject, messageId: info.messageId });
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows', ...common });
  return {
    mode: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ ...toNodemailer(message), from });
      await mkdir(env.MAIL_OUTBOX_DIR, { recursive: true, mode: 0o700 });
      const file = join(env.MAIL_OUTBOX_DIR, outboxFileName(new Date()));
      await writeFile(file, info.message as Buffer, { mode: 0o600, flag: 'wx' });
      log.info('mail written to outbox', { file: basename(file), subject: message.subject });
      return { messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}

function toNodemailer(message: MailMessage) {
  return {
    to: headerSafe(message.to),
    subject: headerSafe(message.subject),
    text: message.text,
    ...(message.html !== undefined ? { html: message.html } : {}),
    ...(message.replyTo !== undefined ? { replyTo: safeAddress(message.replyTo) } : {}),
  };
}
