import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackServer, type LoopbackServer } from '../../test/fakes/http-server';
import { demoShops } from '../demo/demo-shops';
import { startRetailers, type RetailersEnv } from './start-retailers';
import { RETAILER_IDS, RetailerError, type RetailerConnector } from './types';

const env: RetailersEnv = {
  RETAILERS_MODE: 'demo',
  RETAILERS: ['multipharma', 'farmaline'],
  RETAILER_TIMEOUT_MS: 3000,
  DEMO_LATENCY_MS: { farmaline: 0, multipharma: 0 },
  DEMO_FAULTS: {},
  DEMO_PRICES_MOVE: true,
};

/** The retailers as the server starts them, the demo shops standing in. */
const startWithDemo = (e: RetailersEnv, now?: () => number) => startRetailers(e, demoShops, now);

describe('startRetailers', () => {
  it('demo mode: real connectors against the demo shops, offer links on stable /__demo paths', async () => {
    const retailers = await startWithDemo(env);
    try {
      expect(retailers.connectors.map((c) => [c.id, c.label])).toEqual([
        ['multipharma', 'Multipharma'],
        ['farmaline', 'Farmaline'],
      ]);
      expect(retailers.connectors[0]!.baseUrl).toBe(retailers.demo!.baseUrls.multipharma);
      const offers = await retailers.connectors[1]!.search(
        { kind: 'name', value: 'dafalgan' },
        new AbortController().signal,
      );
      expect(offers.length).toBeGreaterThan(0);
      for (const o of offers) {
        expect(o.url).toMatch(/^\/__demo\/retailers\/farmaline\/fr\//);
        expect(o.image).toMatch(/^\/__demo\/retailers\/farmaline\/img\/\d{7}\.svg$/);
      }
    } finally {
      await retailers.close();
    }
  });

  it('demo mode: prices move from day to day with the clock, unless DEMO_PRICES_MOVE is off', async () => {
    const day = 24 * 3600 * 1000;
    const pricesOn = async (at: number, move: boolean) => {
      const retailers = await startWithDemo({ ...env, DEMO_PRICES_MOVE: move }, () => at);
      try {
        const offers = await retailers.connectors[1]!.search(
          { kind: 'name', value: 'dafalgan' },
          new AbortController().signal,
        );
        return offers.map((o) => o.price);
      } finally {
        await retailers.close();
      }
    };
    const start = Date.parse('2026-05-01T12:00:00Z');
    const fixed = await pricesOn(start, false);
    expect(await pricesOn(start + 40 * day, false)).toEqual(fixed);
    const days = await Promise.all([1, 2, 3, 4, 5].map((n) => pricesOn(start + n * day, true)));
    expect(days.some((prices) => JSON.stringify(prices) !== JSON.stringify(fixed))).toBe(true);
  });

  it('demo mode: a configured base URL still wins over its demo shop', async () => {
    const retailers = await startWithDemo({ ...env, FARMALINE_BASE_URL: 'http://127.0.0.1:9/front-door' });
    try {
      const byId = Object.fromEntries(retailers.connectors.map((c) => [c.id, c.baseUrl]));
      expect(byId.farmaline).toBe('http://127.0.0.1:9/front-door');
      expect(byId.multipharma).toBe(retailers.demo!.baseUrls.multipharma);
      expect(retailers.demo).not.toBeNull();
    } finally {
      await retailers.close();
    }
  });

  it('live mode: the real shops (or configured URLs), no demo', async () => {
    const retailers = await startWithDemo({
      ...env,
      RETAILERS_MODE: 'live',
      RETAILERS: ['farmaline', 'medimarket', 'newpharma'],
      NEWPHARMA_BASE_URL: 'https://np.example.be',
    });
    expect(retailers.demo).toBeNull();
    expect(retailers.connectors.map((c) => c.baseUrl)).toEqual([
      'https://www.farmaline.be',
      'https://medi-market.be',
      'https://np.example.be',
    ]);
    await retailers.close();
  });

  describe('live mode SSRF wiring: a loopback *_BASE_URL is refused before any socket', () => {
    /** Stands in for an internal service an operator (or an attacker with env access) points at. */
    let stub: LoopbackServer;
    beforeAll(async () => {
      stub = await startLoopbackServer((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end('<html><body>internal admin</body></html>');
      });
    });
    afterAll(() => stub.close());

    const search = (connector: RetailerConnector) =>
      connector.search({ kind: 'name', value: 'dafalgan' }, new AbortController().signal);

    it('every live connector fails its search with a refusal and the stub sees 0 connections', async () => {
      const retailers = await startWithDemo({
        ...env,
        RETAILERS_MODE: 'live',
        RETAILERS: [...RETAILER_IDS],
        FARMALINE_BASE_URL: stub.url,
        MEDIMARKET_BASE_URL: stub.url,
        MEDIMARKET_PHARMACY_BASE_URL: stub.url,
        MULTIPHARMA_BASE_URL: stub.url,
        NEWPHARMA_BASE_URL: stub.url,
      });
      try {
        expect(retailers.connectors.map((c) => c.baseUrl)).toEqual(RETAILER_IDS.map(() => stub.url));
        for (const connector of retailers.connectors) {
          const failure = await search(connector).then(
            () => null,
            (error: unknown) => error,
          );
          expect(failure, connector.id).toBeInstanceOf(RetailerError);
          expect((failure as RetailerError).kind, connector.id).toMatch(/^(error|blocked)$/);
          expect((failure as RetailerError).message, connector.id).toMatch(/refused/);
        }
        expect(stub.connections()).toBe(0);
        expect(stub.requests).toHaveLength(0);
      } finally {
        await retailers.close();
      }
    });

    it('control: the same stub URL is reached when private hosts are allowed (demo mode)', async () => {
      const before = stub.connections();
      const retailers = await startWithDemo({ ...env, RETAILERS: ['farmaline'], FARMALINE_BASE_URL: stub.url });
      try {
        await search(retailers.connectors[0]!).catch(() => []);
        expect(stub.connections()).toBeGreaterThan(before);
      } finally {
        await retailers.close();
      }
    });
  });
});
