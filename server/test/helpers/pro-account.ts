/** Helpers for API tests that need a Pro account or read a Pro event stream (not a test file itself). */
import { registerVerifiedAccount } from './accounts';
import type { TestClient } from './test-client';
import type { TestServer } from './test-server';

/** A verified, logged-in account; `pro` makes it Pro the way billing does (an active subscription). */
export async function accountOn(server: TestServer, email: string, pro: boolean): Promise<TestClient> {
  const { client } = await registerVerifiedAccount(server.url, server.env.MAIL_OUTBOX_DIR, email);
  if (pro) server.db.prepare("UPDATE users SET subscription_status = 'active' WHERE email = ?").run(email);
  return client;
}

/** The SSE events of a text/event-stream body, in order. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test reads, checked by the shared schemas
export function readEvents(text: string): Array<{ event: string; data: any }> {
  return text
    .split(/\n\n/)
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: ?(.*)$/m.exec(block)?.[1] ?? 'message';
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.replace(/^data: ?/, ''))
        .join('\n');
      return { event, data: JSON.parse(data) };
    });
}
