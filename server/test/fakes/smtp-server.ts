import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail, type OutboxMail } from './outbox';

export interface ReceivedMail extends OutboxMail {
  /** SMTP envelope: who the message was really delivered to (RCPT TO), whatever the headers say. */
  envelope: { from: string; to: string[] };
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port> for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (npm smtp-server) standing in for the mail provider.
 * `rejectRecipients` makes it refuse every RCPT TO with 550, to exercise the failure path.
 */
export async function startSmtpServer(options: { rejectRecipients?: boolean } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.rejectRecipients) {
        const error = new Error(`Mailbox ${address.address} unavailable`) as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mailFrom = session.envelope.mailFrom;
        received.push({
          ...parseMail(Buffer.concat(chunks).toString('utf8')),
          envelope: { from: mailFrom ? mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address) },
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
