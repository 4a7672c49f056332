import { expect } from 'vitest';
import type { DemoProduct } from '../../src/demo/catalogue';
import { startFakePushService, type FakeDevice, type FakePushService } from '../fakes/push-service';
import type { TestClient, TestResponse } from './test-client';
import { useForSuite } from './suite';
import { startTestServer, type TestServer, type TestServerOptions } from './test-server';

// Test support for what reaches a device by Web Push (the push API, its delivery, `npm run
// alerts:check`): the real server and a browser's push service on loopback that decrypts each message.

export interface PushTestServer {
  server: TestServer;
  push: FakePushService;
  close(): Promise<void>;
}

/**
 * The real server, its alerts' job left to the test (`server.alertChecks()` runs one pass), and a
 * push service on loopback whose devices the test subscribes.
 */
export async function startPushTestServer(options: TestServerOptions = {}): Promise<PushTestServer> {
  const server = await startTestServer({ ALERTS_CHECK_INTERVAL_MIN: '0' }, options);
  let push: FakePushService;
  try {
    push = await startFakePushService();
  } catch (error) {
    await server.close();
    throw error;
  }
  return {
    server,
    push,
    async close() {
      await push.close();
      await server.close();
    },
  };
}

/**
 * One startPushTestServer for the whole suite (its hooks registered here). Read `server` and `push`
 * inside a test or hook, never while the suite is collected.
 */
export function usePushTestServer(): { readonly server: TestServer; readonly push: FakePushService } {
  const running = useForSuite(() => startPushTestServer());
  return {
    get server() {
      return running().server;
    },
    get push() {
      return running().push;
    },
  };
}

/**
 * Push turned on for each of `devices` by the signed-in `client`, then a "price drop" alert on
 * `product`: the answer to the alert's creation (201).
 */
export async function dropAlertWithPush(
  client: TestClient,
  devices: readonly FakeDevice[],
  product: Pick<DemoProduct, 'cnk' | 'name'>,
): Promise<TestResponse> {
  for (const device of devices) {
    expect((await client.post('/api/push/subscriptions/', device.subscription)).status).toBe(201);
  }
  const alert = await client.post('/api/alerts/create/', {
    cnk: product.cnk,
    product_name: product.name.fr,
    kind: 'drop',
  });
  expect(alert.status).toBe(201);
  return alert;
}
