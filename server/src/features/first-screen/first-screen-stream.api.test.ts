import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstScreenSearchDoneSchema, productPricesSeedSchema } from '@pharmaradar/shared/first-screen.schema';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { getDemoCatalogue } from '../../demo/catalogue';
import { createDrawingWebDist, removeDrawingWebDist } from './first-screen.test-support';

// ADR 167: a search on the drawn home page, and a cold product page's prices,
// come as each shop answers: the server draws the parts again after every retailer's answer. The
// renderer stands in for the web build's (first-screen.ssr.test.tsx draws the real parts): it writes
// down what it was asked to draw, so the test sees every drawing the server made.
const FAKE_RENDERER = `
const answered = (events) => events.filter((e) => e.event === 'retailer').map((e) => e.data.retailer).join(',');
const ended = (events) => events.some((e) => e.event === 'result') ? ' done' : '';
export function renderFirstScreen(page) { return '<h1>' + page.page + '</h1>'; }
export function renderProductPrices(page) {
  if (page.locale === 'nl') throw new Error('cannot draw');
  const search = page.prices.search ? 'whole' : 'answered:' + answered(page.events ?? []) + ended(page.events ?? []);
  return '<section data-prices-part="offers">' + search + '</section><section data-prices-part="history">h</section>';
}
export function renderSearchResults(page) {
  if (page.locale === 'nl') throw new Error('cannot draw');
  return '<section data-prices-part="results">' + [page.locale, page.path, page.query].join(' ') + ' answered:' +
    answered(page.events) + ended(page.events) + '</section>';
}
`;

/** The SSE events of a text/event-stream body, in order. */
function readEvents(text: string): { event: string; data: Record<string, unknown> }[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => ({
      event: /^event: ?(.*)$/m.exec(block)?.[1] ?? 'message',
      data: JSON.parse(/^data: ?(.*)$/m.exec(block)?.[1] ?? 'null') as Record<string, unknown>,
    }));
}

const stream = (url: string) => fetch(url, { headers: { accept: 'text/event-stream' } });
const products = getDemoCatalogue().filter((p) => !p.prescription);

describe('a drawn page gets its prices as each shop answers (ADR 167)', () => {
  let server: TestServer;
  let distDir: string;
  let retailers: number;

  beforeAll(async () => {
    distDir = createDrawingWebDist(FAKE_RENDERER);
    server = await startTestServer({ WEB_DIST_DIR: distDir, RETAILERS_MODE: 'demo' });
    const health = (await (await fetch(`${server.url}/api/search/?q=zzz`)).json()) as { retailers: unknown[] };
    retailers = health.retailers.length;
  });
  afterAll(async () => {
    await server?.close();
    removeDrawingWebDist(distDir);
  });

  it('a home page search: the results part drawn at the start, after each answer, then with the result', async () => {
    const res = await stream(`${server.url}/api/first-screen/search/?q=${encodeURIComponent(' dafalgan ')}&lang=en`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const events = readEvents(await res.text());
    expect(new Set(events.slice(0, -1).map((e) => e.event))).toEqual(new Set(['parts']));
    expect(events.at(-1)!.event).toBe('done');
    expect(events[0]!.data).toEqual({
      parts: '<section data-prices-part="results">en /en dafalgan answered:</section>',
      priced: false,
    });
    // Drawn again as the shops answer: never fewer answers than the drawing before, up to every shop.
    const counts = events.map((e) => {
      const list = /answered:([^< ]*)/.exec(String(e.data.parts))![1]!;
      return list ? list.split(',').length : 0;
    });
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(counts.at(-2)).toBe(retailers);
    expect(new Set(counts).size).toBeGreaterThan(2);
    expect(events.slice(1).some((e) => e.data.priced === true)).toBe(true);
    const done = firstScreenSearchDoneSchema.parse(events.at(-1)!.data);
    expect(done.parts).toMatch(/ done<\/section>$/);
    expect(done.result).toMatchObject({ query: 'dafalgan', kind: 'name' });
    expect(done.result.products.length).toBeGreaterThan(0);
  });

  it('a cold product page: its parts at the start and after each answer, then whole with the seed', async () => {
    // No earlier search showed it: the "dafalgan" one filled the market store, which draws a page whole.
    const product = products.find((p) => p.brand !== 'Dafalgan')!;
    const path = encodeURIComponent(`/en/${product.slug}`);
    const res = await stream(`${server.url}/api/first-screen/prices/?path=${path}`);
    expect(res.status).toBe(200);
    const events = readEvents(await res.text());
    expect(new Set(events.slice(0, -1).map((e) => e.event))).toEqual(new Set(['parts']));
    expect(events.at(-1)!.event).toBe('done');
    expect(events[0]!.data.parts).toBe(
      '<section data-prices-part="offers">answered:</section><section data-prices-part="history">h</section>',
    );
    expect(String(events.at(-2)!.data.parts).split(',').length).toBe(retailers);
    const done = events.at(-1)!.data;
    const seed = productPricesSeedSchema.parse(done.seed);
    expect(seed.search?.result).toMatchObject({ query: product.cnk, kind: 'cnk' });
    expect(done.priced).toBe(true);
  });

  it('nothing drawn (the renderer fails): one error event, and the page leaves the search to the app', async () => {
    const res = await stream(`${server.url}/api/first-screen/search/?q=ibuprofen&lang=nl`);
    expect(readEvents(await res.text())).toEqual([{ event: 'error', data: { code: 'not_drawn' } }]);
    const path = encodeURIComponent(`/nl/${products[3]!.slug}`);
    const product = await stream(`${server.url}/api/first-screen/prices/?path=${path}`);
    expect(readEvents(await product.text())).toEqual([{ event: 'error', data: { code: 'not_drawn' } }]);
  });

  it('an empty or over-long search is refused in the visitor’s language', async () => {
    const empty = await fetch(`${server.url}/api/first-screen/search/?q=%20&lang=nl`, {
      headers: { accept: 'text/event-stream', 'accept-language': 'nl-BE' },
    });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ code: 'bad_query', detail: expect.stringContaining('productnaam') });
    const long = await stream(`${server.url}/api/first-screen/search/?q=${'a'.repeat(121)}`);
    expect(long.status).toBe(400);
  });
});
