/** The demo shops behind a front door that records every request, for the Pro API tests (not a test file). */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { luhnCheckDigit } from '@pharmaradar/shared/cnk';
import { getDemoCatalogue } from '../../demo/catalogue';
import { DEMO_PUBLIC_PATH, startDemoRetailers, type DemoRetailers } from '../../demo/demo-retailers';
import { closeServer } from '../../lib/close-server';
import type { RetailerId } from '../../retailers/types';

const ENV_NAMES = {
  farmaline: 'FARMALINE_BASE_URL',
  medimarket: 'MEDIMARKET_BASE_URL',
  'medimarket-pharmacy': 'MEDIMARKET_PHARMACY_BASE_URL',
  multipharma: 'MULTIPHARMA_BASE_URL',
  newpharma: 'NEWPHARMA_BASE_URL',
} as const;

export type RecordingShops = {
  /** The demo shops themselves (faults, latency). */
  demo: DemoRetailers;
  /** *_BASE_URL settings pointing the server's connectors at the front doors. */
  envOverrides: Record<string, string>;
  /** Every request the shops received, in arrival order (path and query). */
  requests: string[];
  close(): Promise<void>;
};

/** One loopback port per demo shop, each shop answering after `latencyMs`. */
export async function startRecordingShops(latencyMs: number): Promise<RecordingShops> {
  const latency: Record<RetailerId, number> = {
    farmaline: latencyMs,
    medimarket: latencyMs,
    multipharma: latencyMs,
    newpharma: latencyMs,
  };
  const demo = await startDemoRetailers({ jitter: 0, latencyMs: latency });
  const requests: string[] = [];
  const servers: Server[] = [];
  const envOverrides: Record<string, string> = {};
  for (const [shop, name] of Object.entries(ENV_NAMES)) {
    const front = new Hono();
    front.use('*', async (c, next) => {
      const url = new URL(c.req.url);
      requests.push(`${url.pathname}${url.search}`);
      await next();
    });
    demo.mount(front);
    const server = await new Promise<Server>((resolve) => {
      const started = serve({ fetch: front.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => {
        envOverrides[name] = `http://127.0.0.1:${info.port}${DEMO_PUBLIC_PATH}/${shop}`;
        resolve(started as Server);
      });
    });
    servers.push(server);
  }
  return {
    demo,
    envOverrides,
    requests,
    async close() {
      await demo.close();
      for (const server of servers) await closeServer(server);
    },
  };
}

/** Whether a shop request asked for `cnk` (7 digits, or 6 when the shop drops the leading zero). */
export function asksFor(request: string, cnk: string): boolean {
  return new RegExp(`(?<!\\d)${cnk.replace(/^0/, '0?')}(?!\\d)`).test(request);
}

const known = new Set(getDemoCatalogue().map((p) => p.cnk));

/** `count` CNKs with a right check digit that no demo shop sells: each one costs a full fan-out. */
export function unknownCnks(count: number, from: number): string[] {
  const cnks: string[] = [];
  for (let body = from; cnks.length < count; body++) {
    const cnk = `${body}${luhnCheckDigit(String(body))}`;
    if (!known.has(cnk)) cnks.push(cnk);
  }
  return cnks;
}
