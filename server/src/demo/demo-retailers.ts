import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { RETAILER_IDS, type RetailerId } from '../retailers/types';
import { closeServer } from '../lib/close-server';
import { DEFAULT_DEMO_LATENCY_MS, type DemoFault } from './demo-config';
import { createSiteState, type SiteState } from './sites/site-kit';
import { createFarmalineSite } from './sites/farmaline';
import { createMedimarketSite } from './sites/medimarket';
import { createMultipharmaSite } from './sites/multipharma';
import { createNewpharmaSite } from './sites/newpharma';

/** Where the main app serves the demo shops for browsers (docs/architecture.md#running-modes, ADR 009). */
export const DEMO_PUBLIC_PATH = '/__demo/retailers';

/** Path segment of each demo shop under DEMO_PUBLIC_PATH (Medi-Market has two shops). */
export const DEMO_SHOPS = ['farmaline', 'medimarket', 'medimarket-pharmacy', 'multipharma', 'newpharma'] as const;
export type DemoShop = (typeof DEMO_SHOPS)[number];

export type DemoRetailersOptions = {
  latencyMs?: Partial<Record<RetailerId, number>>;
  faults?: Partial<Record<RetailerId, DemoFault>>;
  /** 0..1 share of latency added/removed at random per request; default 0.15. */
  jitter?: number;
  /** The clock the shops' prices follow from day to day (demo-prices.ts); without it prices are fixed. */
  now?: () => number;
};

export type DemoRetailers = {
  /** Loopback base URLs the connectors fetch (really over HTTP). */
  baseUrls: Record<RetailerId, string>;
  /** Medi-Market's second (medicines) shop, a separate demo server as in real life. */
  medimarketPharmacyBaseUrl: string;
  /** The loopback shop apps themselves (e.g. to put a request-counting front door before them in tests). */
  apps: Record<DemoShop, Hono>;
  /**
   * Maps a loopback demo URL (offer link or image) to its stable same-origin path under
   * DEMO_PUBLIC_PATH, so browsers elsewhere can open it and cached results survive a restart
   * (the loopback ports change). Other URLs are returned unchanged.
   */
  publicUrl(url: string): string;
  /** Serves the demo shop pages and pictures on the main app under DEMO_PUBLIC_PATH/<shop>/…. */
  mount(app: Hono): void;
  setFault(id: RetailerId, fault: DemoFault | null): void;
  setLatency(id: RetailerId, ms: number): void;
  close(): Promise<void>;
};

function siteFor(shop: DemoShop, states: Record<RetailerId, SiteState>, prefix: string): Hono {
  switch (shop) {
    case 'farmaline':
      return createFarmalineSite(states.farmaline, prefix);
    case 'medimarket':
      return createMedimarketSite(states.medimarket, 'parapharmacy', prefix);
    case 'medimarket-pharmacy':
      return createMedimarketSite(states.medimarket, 'pharmacy', prefix);
    case 'multipharma':
      return createMultipharmaSite(states.multipharma, prefix);
    case 'newpharma':
      return createNewpharmaSite(states.newpharma, prefix);
  }
}

/** Starts one demo shop per retailer on 127.0.0.1 (random ports), each serving its retailer's page shapes. */
export async function startDemoRetailers(opts: DemoRetailersOptions = {}): Promise<DemoRetailers> {
  const states = Object.fromEntries(
    RETAILER_IDS.map((id) => [
      id,
      createSiteState(
        opts.latencyMs?.[id] ?? DEFAULT_DEMO_LATENCY_MS[id],
        opts.faults?.[id] ?? null,
        opts.jitter,
        opts.now ?? null,
      ),
    ]),
  ) as Record<RetailerId, SiteState>;
  const servers: Server[] = [];
  const origins = new Map<string, DemoShop>();
  const urls: Partial<Record<DemoShop, string>> = {};
  const apps: Partial<Record<DemoShop, Hono>> = {};
  try {
    for (const shop of DEMO_SHOPS) {
      const app = siteFor(shop, states, '');
      apps[shop] = app;
      const { server, url } = await listen(app);
      servers.push(server);
      urls[shop] = url;
      origins.set(url, shop);
    }
  } catch (err) {
    await closeAll(servers, states);
    throw err;
  }
  return {
    baseUrls: {
      farmaline: urls.farmaline!,
      medimarket: urls.medimarket!,
      multipharma: urls.multipharma!,
      newpharma: urls.newpharma!,
    },
    medimarketPharmacyBaseUrl: urls['medimarket-pharmacy']!,
    apps: apps as Record<DemoShop, Hono>,
    publicUrl(url) {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        return url;
      }
      const shop = origins.get(parsed.origin);
      return shop ? `${DEMO_PUBLIC_PATH}/${shop}${parsed.pathname}${parsed.search}` : url;
    },
    mount(app) {
      for (const shop of DEMO_SHOPS) {
        const prefix = `${DEMO_PUBLIC_PATH}/${shop}`;
        app.route(prefix, siteFor(shop, states, prefix));
      }
    },
    setFault: (id, fault) => {
      states[id].fault = fault;
    },
    setLatency: (id, ms) => {
      states[id].latencyMs = ms;
    },
    close: () => closeAll(servers, states),
  };
}

function listen(app: Hono): Promise<{ server: Server; url: string }> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => {
      resolve({ server: server as Server, url: `http://127.0.0.1:${info.port}` });
    });
    server.once('error', reject);
  });
}

async function closeAll(servers: Server[], states: Record<RetailerId, SiteState>): Promise<void> {
  for (const state of Object.values(states)) state.releaseHeld();
  await Promise.all(servers.map(closeServer));
}
