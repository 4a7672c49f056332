import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoRetailers } from '../demo/demo-retailers';
import type { DemoFault } from '../demo/demo-config';
import { getDemoCatalogue } from '../demo/catalogue';
import { demoShopConnector, startInstantDemoShops } from './demo-shops.test-support';
import { createConnectors } from './registry';
import { RETAILER_IDS, RetailerError, type RetailerConnector, type RetailerId, type SearchQuery } from './types';
import { startLoopbackServer } from '../../test/fakes/http-server';

let demo: DemoRetailers;
beforeAll(async () => {
  demo = await startInstantDemoShops();
});
afterAll(() => demo.close());

const connector = (id: RetailerId, timeoutMs = 3000): RetailerConnector => demoShopConnector(demo, id, { timeoutMs });

const search = (id: RetailerId, query: SearchQuery, timeoutMs?: number) =>
  connector(id, timeoutMs).search(query, new AbortController().signal);
const sold = (id: RetailerId) => getDemoCatalogue().filter((p) => p.offers[id]);

/** A Farmaline connector pointed at a scripted shop on loopback. */
const farmalineAt = (url: string) =>
  createConnectors({ ids: ['farmaline'], baseUrls: { farmaline: url }, timeoutMs: 2000, allowPrivateHosts: true })[0]!;

async function failureKind(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'no error';
  } catch (err) {
    return err instanceof RetailerError ? err.kind : `other: ${String(err)}`;
  }
}

describe.each(RETAILER_IDS)('%s connector against its demo shop', (id) => {
  it('finds every product of a brand by name, accents ignored, with the shop prices', async () => {
    const expected = sold(id).filter((p) => p.brand === 'Avène');
    const offers = await search(id, { kind: 'name', value: 'avene' });
    expect(offers.map((o) => [o.name, o.price, o.inStock]).sort()).toEqual(
      expected.map((p) => [p.name.fr, p.offers[id]!.price, p.offers[id]!.inStock]).sort(),
    );
    for (const o of offers) {
      expect(o.retailer).toBe(id);
      expect(o.url?.startsWith(id === 'medimarket' ? 'http://127.0.0.1:' : demo.baseUrls[id])).toBe(true);
    }
  });

  it('finds a product by CNK, and answers [] for a CNK the shop does not carry', async () => {
    const product = sold(id).find((p) => !p.prescription && (id !== 'medimarket' || p.medicine))!;
    const offers = await search(id, { kind: 'cnk', value: product.cnk });
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ name: product.name.fr, price: product.offers[id]!.price, prescription: false });
    if (id !== 'newpharma') expect(offers[0]!.cnk).toBe(product.cnk);
    const missing = getDemoCatalogue().find((p) => !p.offers[id])!;
    expect(await search(id, { kind: 'cnk', value: missing.cnk })).toEqual([]);
    expect(await search(id, { kind: 'name', value: 'xqzwv' })).toEqual([]);
  });

  it('returns prescription items flagged (the search service filters them)', async () => {
    const rx = sold(id).filter((p) => p.prescription);
    for (const p of rx.slice(0, 2)) {
      const offers = await search(id, { kind: 'cnk', value: p.cnk });
      expect(offers.map((o) => o.prescription)).toEqual([true]);
    }
  });

  it.each([
    ['5xx', 'error'],
    ['403', 'blocked'],
    ['429', 'blocked'],
    ['garbage', 'parse_failed'],
    ['timeout', 'timeout'],
  ] as Array<[DemoFault, string]>)('fault %s -> %s', async (fault, kind) => {
    demo.setFault(id, fault);
    try {
      expect(await failureKind(search(id, { kind: 'name', value: 'nurofen' }, 400))).toBe(kind);
    } finally {
      demo.setFault(id, null);
    }
  });

  it('fault slow really slows the shop down, and still answers within the timeout', async () => {
    const latencyMs = 200;
    demo.setFault(id, 'slow');
    demo.setLatency(id, latencyMs);
    try {
      const started = performance.now();
      expect((await search(id, { kind: 'name', value: 'nurofen' })).length).toBeGreaterThan(0);
      // 'slow' triples the latency: a lower bound only, so a busy machine cannot make it fail.
      expect(performance.now() - started).toBeGreaterThanOrEqual(2.5 * latencyMs);
    } finally {
      demo.setFault(id, null);
      demo.setLatency(id, 0);
    }
  });
});

describe('Medi-Market two shops', () => {
  it('finds a medicine by CNK on the pharmacy shop after the parapharmacy shop misses it', async () => {
    const medicine = sold('medimarket').find((p) => p.medicine && !p.prescription)!;
    const para = sold('medimarket').find((p) => !p.medicine)!;
    expect((await search('medimarket', { kind: 'cnk', value: medicine.cnk }))[0]!.url).toMatch(
      new RegExp(`^${demo.medimarketPharmacyBaseUrl}/`),
    );
    expect((await search('medimarket', { kind: 'cnk', value: para.cnk }))[0]!.url).toMatch(
      new RegExp(`^${demo.baseUrls.medimarket}/`),
    );
  });
});

describe('connectors only fetch their configured host', () => {
  it('a retailer page redirecting elsewhere is refused and the other host never contacted', async () => {
    const elsewhere = await startLoopbackServer((_req, res) => res.end('<html></html>'));
    const shop = await startLoopbackServer((req, res) =>
      req.url === '/robots.txt'
        ? res.writeHead(404).end()
        : res.writeHead(302, { location: `${elsewhere.url}/fr/search.htm` }).end(),
    );
    try {
      const farmaline = farmalineAt(shop.url);
      expect(
        await failureKind(farmaline.search({ kind: 'name', value: 'dafalgan' }, new AbortController().signal)),
      ).toBe('error');
      // robots.txt is read first (once), then the search page, whose redirect is refused.
      expect(shop.requests.map((r) => r.url)).toEqual([
        '/robots.txt',
        '/fr/search.htm?q=dafalgan&searchChannel=algolia',
      ]);
      expect(elsewhere.connections()).toBe(0);
    } finally {
      await shop.close();
      await elsewhere.close();
    }
  });

  it('control characters are stripped before fetching; a query of nothing else fetches nothing', async () => {
    const shop = await startLoopbackServer((_req, res) =>
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<main data-qa-id="search-no-results">Aucun résultat</main>'),
    );
    try {
      const farmaline = farmalineAt(shop.url);
      const signal = new AbortController().signal;
      expect(await farmaline.search({ kind: 'name', value: 'avène\u0000\u001b 💊' }, signal)).toEqual([]);
      expect(await farmaline.search({ kind: 'name', value: '\u0000\u0007\u009b' }, signal)).toEqual([]);
      const searches = shop.requests.filter((r) => r.url !== '/robots.txt');
      expect(searches.map((r) => new URL(r.url!, shop.url).searchParams.get('q'))).toEqual(['avène 💊']);
    } finally {
      await shop.close();
    }
  });

  it('live mode refuses the loopback demo shops outright', async () => {
    const [multipharma] = createConnectors({
      ids: ['multipharma'],
      baseUrls: demo.baseUrls,
      timeoutMs: 2000,
      allowPrivateHosts: false,
    });
    expect(
      await failureKind(multipharma!.search({ kind: 'name', value: 'dafalgan' }, new AbortController().signal)),
    ).toBe('error');
  });
});
