import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/helpers/test-server';
import { accountOn, readEvents } from '../test/helpers/pro-account';
import { startCountingDemo, type CountingDemo } from './demo/counting-demo';
import { unknownCnks } from './features/pro/pro-shops.test-support';
import { createDrawingWebDist, removeDrawingWebDist } from './features/first-screen/first-screen.test-support';

// The shops' capacity is shared between clients: a visitor's search during a flood from other
// clients takes about what it takes alone plus one shop request, whichever way either side
// reaches the shops (the search API as JSON or a stream, the drawn search, the searched home page,
// a product page's prices, Pro pricing).

/** Every shop answers after this long: scheduling noise stays small beside it. */
const SHOP_MS = 500;
const FLOODERS = 10;
const SEARCHES_EACH = 30;

const RENDERER = `
export function renderFirstScreen() { return '<div data-results-slot=""></div>'; }
export function renderSearchResults(page) { return '<section data-prices-part="results">' + page.events.length + '</section>'; }
export function renderProductPrices() { return '<section data-prices-part="offers"></section>'; }
`;

describe('the shops’ capacity shared fairly between clients', () => {
  let shops: CountingDemo;
  let server: TestServer;
  let distDir: string;
  /** Two product pages whose CNKs no search asked yet: each one's prices are asked of the shops. */
  let productPaths: string[] = [];

  const ipOf = (client: number) => `203.0.113.${client}`;
  /** One search for `client`, read to its end, by one way of reaching the shops. */
  const ways: Record<string, (client: number, query: string) => Promise<string>> = {
    'search API (JSON)': (client, q) =>
      text(`/api/search/?q=${encodeURIComponent(q)}`, client, 'application/json', (body) => {
        expect(JSON.parse(body)).toMatchObject({ query: q });
      }),
    'search API (stream)': (client, q) =>
      text(`/api/search/?q=${encodeURIComponent(q)}`, client, 'text/event-stream', (body) => {
        expect(readEvents(body).at(-1)).toMatchObject({ event: 'result', data: { query: q } });
      }),
    'drawn search': (client, q) =>
      text(`/api/first-screen/search/?q=${encodeURIComponent(q)}&lang=fr`, client, 'text/event-stream', (body) => {
        expect(readEvents(body).at(-1)).toMatchObject({ event: 'done', data: { result: { query: q } } });
      }),
    'searched home page': (client, q) =>
      text(`/?q=${encodeURIComponent(q)}`, client, 'text/html', (body) => {
        expect(body).toContain('data-prices-part="results"');
      }),
  };

  async function text(path: string, client: number, accept: string, check: (body: string) => void) {
    const res = await fetch(`${server.url}${path}`, { headers: { accept, 'x-forwarded-for': ipOf(client) } });
    const body = await res.text();
    expect(res.status).toBe(200);
    check(body);
    return body;
  }

  /** How long `run` took, or why it failed (a shop that timed out meanwhile fails a product page). */
  async function timed(run: () => Promise<unknown>): Promise<number | string> {
    const started = performance.now();
    try {
      await run();
    } catch (error) {
      return `failed after ${Math.round(performance.now() - started)} ms: ${String(error).slice(0, 80)}`;
    }
    return performance.now() - started;
  }

  beforeAll(async () => {
    distDir = createDrawingWebDist(RENDERER);
    shops = await startCountingDemo({
      latencyMs: { farmaline: SHOP_MS, medimarket: SHOP_MS, multipharma: SHOP_MS, newpharma: SHOP_MS },
    });
    server = await startTestServer({
      WEB_DIST_DIR: distDir,
      RETAILERS_MODE: 'demo',
      TRUST_PROXY: 'true',
      SEARCH_RATE_LIMIT_PER_MIN: '100000',
      RETAILER_TIMEOUT_MS: '12000',
      ...shops.envOverrides,
    });
    // Each shop's robots.txt read once, and the products the demo sells given their pages.
    const found = await fetch(`${server.url}/api/search/?q=dafalgan`, { headers: { 'x-forwarded-for': ipOf(250) } });
    const { products } = (await found.json()) as { products: Array<{ slug: string | null }> };
    productPaths = products.flatMap((p) => (p.slug ? [`/fr/${p.slug}`] : [])).slice(0, 2);
    expect(productPaths).toHaveLength(2);
  });
  afterAll(async () => {
    await server?.close();
    await shops?.close();
    if (distDir) {
      removeDrawingWebDist(distDir);
    }
  });

  it('a visitor’s search during ten clients’ floods of distinct searches takes alone-time plus one shop request', async () => {
    const pro = await accountOn(server, 'pro-visitor@example.be', true);
    await pro.csrf();
    const cnks = unknownCnks(2, 700_000);
    const visitorWays: Record<string, (round: string) => Promise<unknown>> = {
      ...Object.fromEntries(
        Object.entries(ways).map(([name, way]) => [name, (round: string) => way(200, `visiteur ${name} ${round}`)]),
      ),
      'product page prices': async (round) => {
        const path = productPaths[round === 'alone' ? 0 : 1]!;
        const res = await fetch(`${server.url}/api/first-screen/prices/?path=${encodeURIComponent(path)}`, {
          headers: { accept: 'text/event-stream', 'x-forwarded-for': ipOf(200) },
        });
        const events = readEvents(await res.text());
        expect(events.at(-1), JSON.stringify(events.filter((e) => e.event !== 'parts')).slice(0, 600)).toMatchObject({
          event: 'done',
        });
      },
      'Pro pricing': async (round) => {
        const cnk = cnks[round === 'alone' ? 0 : 1]!;
        const res = await pro.post('/api/pro/prices/', { cnks: [cnk] }, { headers: { Accept: 'text/event-stream' } });
        expect(readEvents(res.text)[0]).toMatchObject({ event: 'product', data: { cnk } });
      },
    };
    const alone: Record<string, number> = {};
    for (const [name, run] of Object.entries(visitorWays)) {
      const ms = await timed(() => run('alone'));
      expect(ms, name).toBeTypeOf('number');
      alone[name] = ms as number;
    }

    // Ten clients send thirty distinct searches each at once, each way of searching in turn. The
    // shop timeout outlasts the visitor's searches, so the flood stays queued all along.
    const wayList = Object.values(ways);
    const flooding = Array.from({ length: FLOODERS }, (_, f) =>
      Array.from({ length: SEARCHES_EACH }, (_, s) =>
        wayList[s % wayList.length]!(f + 1, `flot ${f} ${s}`).catch(() => {}),
      ),
    ).flat();
    // The shops are busy with the flood before the visitor asks.
    const before = Object.values(shops.counts()).reduce((a, b) => a + b, 0);
    while (Object.values(shops.counts()).reduce((a, b) => a + b, 0) < before + 20)
      await new Promise((resolve) => setTimeout(resolve, 10));

    const flooded: Record<string, number | string> = {};
    for (const [name, run] of Object.entries(visitorWays)) flooded[name] = await timed(() => run('flooded'));
    // One shop request's wait, with half a request's margin for a noisy machine.
    const bound = Object.fromEntries(Object.entries(alone).map(([name, ms]) => [name, Math.round(ms + 1.5 * SHOP_MS)]));
    const within = Object.fromEntries(
      Object.entries(flooded).map(([name, ms]) => [
        name,
        typeof ms === 'number' && ms < bound[name]!
          ? 'within'
          : `${typeof ms === 'number' ? Math.round(ms) : ms} (bound ${bound[name]} ms)`,
      ]),
    );
    expect(within).toEqual(Object.fromEntries(Object.keys(alone).map((name) => [name, 'within'])));
    await Promise.all(flooding);
  }, 180_000);
});
