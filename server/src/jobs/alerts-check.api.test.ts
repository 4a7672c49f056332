import { describe, expect, it } from 'vitest';
import { pushPayloadSchema } from '@pharmaradar/shared/push.schema';
import { getDemoCatalogue } from '../demo/catalogue';
import { registerVerifiedAccount } from '../../test/helpers/accounts';
import { dropAlertWithPush, usePushTestServer } from '../../test/helpers/push';
import type { TestServer } from '../../test/helpers/test-server';
import { runCli } from './cli-run.test-support';

// `npm run alerts:check` runs the alerts' check now, in its own process, on the server's data:
// the e-mail and the push message go out before it ends.

/** The command as `npm run alerts:check` runs it (from source here), on the test server's data. */
function alertsCheck(server: TestServer): Promise<{ code: number | null; out: string }> {
  return runCli('alerts-check.cli.ts', {
    DATA_DIR: server.env.DATA_DIR,
    WEB_DIST_DIR: server.env.WEB_DIST_DIR,
    LOG_LEVEL: 'warn',
    DEMO_LATENCY_MS: '',
    BACKUP_INTERVAL_H: '0',
  });
}

describe('npm run alerts:check', () => {
  const ctx = usePushTestServer();

  it('checks the alerts now: a price below the last one is mailed and pushed, once', async () => {
    const { server, push } = ctx;
    const product = getDemoCatalogue().find((p) => !p.prescription && p.offers.farmaline && p.offers.multipharma)!;
    const { client } = await registerVerifiedAccount(server.url, server.env.MAIL_OUTBOX_DIR, 'ops.check@example.be');
    const alert = await dropAlertWithPush(client, [push.device()], product);
    // As if yesterday's check had seen a much higher price: today's is a drop.
    server.db
      .prepare('UPDATE price_alerts SET last_price = 999, last_checked_at = ? WHERE id = ?')
      .run(Date.now() - 24 * 3600_000, alert.body.id);

    const first = await alertsCheck(server);
    expect(first.code).toBe(0);
    expect(first.out).toContain('alerts checked: 1 products, 1 e-mails, 1 push messages');
    expect(push.received).toHaveLength(1);
    expect(pushPayloadSchema.parse(push.received[0]!.payload).title).toBe(`Baisse de prix : ${product.name.fr}`);
    expect(server.readOutbox().filter((m) => m.subject.startsWith('Alerte prix'))).toHaveLength(1);

    const again = await alertsCheck(server);
    expect(again.code).toBe(0);
    expect(again.out).toContain('alerts checked: 1 products, 0 e-mails, 0 push messages');
    expect(push.received).toHaveLength(1);
  }, 60_000);
});
