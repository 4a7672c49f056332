import { describe, expect, it } from 'vitest';
import { startRetailers, type RetailersEnv } from './start-retailers';

const env: RetailersEnv = {
  RETAILERS_MODE: 'demo',
  RETAILERS: ['multipharma', 'farmaline'],
  RETAILER_TIMEOUT_MS: 3000,
  DEMO_LATENCY_MS: { farmaline: 0, multipharma: 0 },
  DEMO_FAULTS: {},
};

describe('startRetailers', () => {
  it('demo mode: real connectors against the demo shops, offer links on stable /__demo paths', async () => {
    const retailers = await startRetailers(env);
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

  it('demo mode: a configured base URL still wins over its demo shop', async () => {
    const retailers = await startRetailers({ ...env, FARMALINE_BASE_URL: 'http://127.0.0.1:9/front-door' });
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
    const retailers = await startRetailers({
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
});
