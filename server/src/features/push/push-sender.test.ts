import { describe, expect, it } from 'vitest';
import { loadOrCreateVapidPair } from './push-keys';
import { createWebPushSender } from './push-sender';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakePushService } from '../../../test/fakes/push-service';

// The sender holds every endpoint to the outbound-fetch policy when it connects, not only when the
// endpoint was stored: a push service's name that resolves to a private address is never reached.

describe('push sender address policy', () => {
  it('refuses at connect time a host name resolving to a private or loopback address (DNS rebinding)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pharmaradar-sender-'));
    const push = await startFakePushService();
    try {
      const vapid = { ...loadOrCreateVapidPair(dir), subject: 'mailto:ops@example.be' };
      const asked: string[] = [];
      const sender = createWebPushSender({
        vapid,
        policy: { allowLoopback: false },
        // The name looked fine when stored; now it answers with the loopback push service's address.
        resolver: async (hostname) => {
          asked.push(hostname);
          return [{ address: '127.0.0.1', family: 4 }];
        },
      });
      const { subscription } = push.device();
      const port = new URL(subscription.endpoint).port;
      const outcome = await sender.send(
        { endpoint: `https://push.example.com:${port}/push/x`, ...subscription.keys },
        { payload: '{}', ttlSeconds: 60, topic: 'alert-1234567' },
      );
      expect(outcome.status).toBe(0);
      expect(asked).toEqual(['push.example.com']);
      // Not even a TCP connection was opened to the address the name gave.
      expect(push.server.connections()).toBe(0);
      // Stored before the policy tightened (live mode now): a loopback endpoint is not even looked up.
      const loopback = await sender.send(
        { endpoint: subscription.endpoint, ...subscription.keys },
        { payload: '{}', ttlSeconds: 60, topic: 'alert-1234567' },
      );
      expect(loopback.status).toBe(0);
      expect(push.server.connections()).toBe(0);
    } finally {
      await push.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
