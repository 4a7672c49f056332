import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { closeServer } from '../lib/close-server';
import { DEMO_PUBLIC_PATH, startDemoRetailers, type DemoRetailers, type DemoRetailersOptions } from './demo-retailers';

// The real demo retailer sites behind a counting front door, so tests and the benchmark see how many
// requests really reached each shop. Used by pointing the *_BASE_URL settings at the front doors.

/** The demo shops as mounted under DEMO_PUBLIC_PATH (Medi-Market has two). */
export type DemoShop = 'farmaline' | 'medimarket' | 'medimarket-pharmacy' | 'multipharma' | 'newpharma';

export type CountingDemo = {
  demo: DemoRetailers;
  /** *_BASE_URL settings pointing the server's connectors at the counting front doors. */
  envOverrides: Record<string, string>;
  /** Requests received per shop since the start or the last reset(). */
  counts(): Record<DemoShop, number>;
  reset(): void;
  close(): Promise<void>;
};

const ENV_NAMES: Record<DemoShop, string> = {
  farmaline: 'FARMALINE_BASE_URL',
  medimarket: 'MEDIMARKET_BASE_URL',
  'medimarket-pharmacy': 'MEDIMARKET_PHARMACY_BASE_URL',
  multipharma: 'MULTIPHARMA_BASE_URL',
  newpharma: 'NEWPHARMA_BASE_URL',
};

function listen(app: Hono): Promise<{ server: Server; url: string }> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) =>
      resolve({ server: server as Server, url: `http://127.0.0.1:${info.port}` }),
    ) as Server;
    server.once('error', reject);
  });
}

export type CountingDemoOptions = DemoRetailersOptions & {
  /** A robots.txt the front door serves for a shop (the demo shops have none): e.g. one disallowing its search. */
  robotsTxt?: Partial<Record<DemoShop, string>>;
};

/** One loopback port per shop, as in real life (each connector's per-host limits apply per shop). */
export async function startCountingDemo(options: CountingDemoOptions = {}): Promise<CountingDemo> {
  const { robotsTxt = {}, ...demoOptions } = options;
  const demo = await startDemoRetailers({ jitter: 0, ...demoOptions });
  const shops = Object.keys(ENV_NAMES) as DemoShop[];
  const counts = Object.fromEntries(shops.map((shop) => [shop, 0])) as Record<DemoShop, number>;
  const servers: Server[] = [];
  const envOverrides: Record<string, string> = {};
  try {
    for (const shop of shops) {
      const front = new Hono();
      front.use('*', async (c, next) => {
        // The shop's robots.txt, read once a day (ADR 135), is not a search request.
        if (c.req.path !== '/robots.txt') counts[shop] += 1;
        await next();
      });
      const robots = robotsTxt[shop];
      if (robots !== undefined) front.get('/robots.txt', (c) => c.text(robots));
      demo.mount(front);
      const { server, url } = await listen(front);
      servers.push(server);
      envOverrides[ENV_NAMES[shop]] = `${url}${DEMO_PUBLIC_PATH}/${shop}`;
    }
  } catch (error) {
    await closeAll(demo, servers);
    throw error;
  }
  return {
    demo,
    envOverrides,
    counts: () => ({ ...counts }),
    reset: () => {
      for (const shop of shops) counts[shop] = 0;
    },
    close: () => closeAll(demo, servers),
  };
}

async function closeAll(demo: DemoRetailers, servers: Server[]): Promise<void> {
  await demo.close();
  await Promise.all(servers.map(closeServer));
}
