import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_WHOLE_ATTRIBUTE, PRICES_SEED_ID } from '@pharmaradar/shared/first-screen-markup';
import { json, sse, startTestServer, type Handler, type TestServer } from '../test/fakes/search-api-server';
import { completeDrawnPrices } from './first-screen-prices';

// A product page drawn without cached prices is completed in place (ADR 121), in one request
// (ADR 140) that streams (ADR 167): the server searches and sends the price parts drawn again after
// each shop's answer, then drawn with every price, with the seed.
const CNK = '3720083';
const PATH = `/en/dafalgan-500-mg-30-comprimes-${CNK}`;
const PRICES = `/api/first-screen/prices/?path=${encodeURIComponent(PATH)}`;

const offersPart = (whole: boolean, offers: string) =>
  `<section data-prices-part="offers"><p role="status">${whole ? 'Search complete' : 'Starting'}</p>${offers}</section>`;
const historyPart = (whole: boolean) =>
  `<section data-prices-part="history">history of ${whole ? 'today' : 'yesterday'}</section>`;

const COLD_SEED = { cnk: CNK, search: null, history: null };
const WHOLE_SEED = { cnk: CNK, search: { freshUntil: 'later' }, history: null };

const drawnPage = `<!doctype html><html><body>
<div id="root" data-first-screen="product">
  <h1>Dafalgan</h1>
  ${offersPart(false, 'comparing…')}
  ${historyPart(false)}
  <p id="faq">FAQ</p>
</div>
<script type="application/json" id="${PRICES_SEED_ID}">${JSON.stringify(COLD_SEED)}</script>
</body></html>`;

/** The server's answer: the parts after one shop, then both drawn with every price, and the seed. */
const WHOLE = sse([
  { event: 'parts', data: { parts: offersPart(false, '1 offer') + historyPart(false), priced: true } },
  { event: 'done', data: { parts: offersPart(true, '3 offers') + historyPart(true), seed: WHOLE_SEED, priced: true } },
]);

let server: TestServer;
let root: HTMLElement;

/** The page as the browser got it: drawn without prices. */
function land() {
  const page = new DOMParser().parseFromString(drawnPage, 'text/html');
  document.body.replaceChildren(...[...page.body.childNodes].map((node) => document.adoptNode(node)));
  root = document.getElementById('root')!;
}

/** The server's prices endpoint answering with `prices`; nothing else is asked for. */
function serve(prices: Handler) {
  server.handle((req, res, url) => {
    if (url.pathname === '/api/first-screen/prices/') return prices(req, res, url);
    res.writeHead(404).end();
  });
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  history.replaceState(null, '', PATH);
  land();
});
afterEach(() => document.body.replaceChildren());

describe('a product page drawn without its prices', () => {
  it('is completed in place in one request: its price parts and seed replaced, marked whole', async () => {
    serve(WHOLE);
    const faq = document.getElementById('faq');
    expect(await completeDrawnPrices(root, () => false, server.url)).toBe(true);
    expect(server.requests.map((r) => [r.path, r.accept])).toEqual([[PRICES, 'text/event-stream']]);
    expect(root.querySelector('[data-prices-part="offers"]')!.textContent).toBe('Search complete3 offers');
    // Said by a live region that was there before the prices came, so a screen reader reads it out.
    expect(root.querySelector(':scope > [role="status"]')!.textContent).toBe('Search complete');
    expect(root.querySelector('[data-prices-part="history"]')!.textContent).toBe('history of today');
    expect(root.hasAttribute(FIRST_SCREEN_WHOLE_ATTRIBUTE)).toBe(true);
    expect(JSON.parse(document.getElementById(PRICES_SEED_ID)!.textContent!)).toEqual(WHOLE_SEED);
    // The rest of the page is the same elements: nothing else was drawn again.
    expect(document.getElementById('faq')).toBe(faq);
  });

  it('is left to the app when the search is refused (rate limit): false, nothing replaced', async () => {
    serve(json(429, { code: 'rate_limited' }));
    expect(await completeDrawnPrices(root, () => false, server.url)).toBe(false);
    expect(server.requests.map((r) => r.path)).toEqual([PRICES]);
    expect(root.querySelector('[data-prices-part="offers"]')!.textContent).toBe('Startingcomparing…');
    expect(root.hasAttribute(FIRST_SCREEN_WHOLE_ATTRIBUTE)).toBe(false);
  });

  it('shows each shop as it answers: the parts are swapped in as they come, before the last', async () => {
    let release!: () => void;
    const held = new Promise((resolve) => (release = () => resolve(null)));
    serve(
      sse([
        { event: 'parts', data: { parts: offersPart(false, '1 offer') + historyPart(false), priced: true } },
        held,
        { event: 'done', data: { parts: offersPart(true, '3 offers') + historyPart(true), seed: WHOLE_SEED } },
      ]),
    );
    const completing = completeDrawnPrices(root, () => false, server.url);
    await expect
      .poll(() => root.querySelector('[data-prices-part="offers"]')!.textContent, { timeout: 5000 })
      .toBe('Starting1 offer');
    expect(root.hasAttribute(FIRST_SCREEN_WHOLE_ATTRIBUTE)).toBe(false);
    release();
    expect(await completing).toBe(true);
    expect(root.querySelector('[data-prices-part="offers"]')!.textContent).toBe('Search complete3 offers');
  });

  it('is left to the app when the server no longer has every price (cache gone meanwhile)', async () => {
    serve(sse([{ event: 'error', data: { code: 'prices_incomplete' } }]));
    expect(await completeDrawnPrices(root, () => false, server.url)).toBe(false);
    expect(root.querySelector('[data-prices-part="offers"]')!.textContent).toBe('Startingcomparing…');
    expect(JSON.parse(document.getElementById(PRICES_SEED_ID)!.textContent!)).toEqual(COLD_SEED);
  });

  it('is left to the app when the parts drawn are not the parts shown (another build)', async () => {
    serve(sse([{ event: 'done', data: { parts: offersPart(true, '3 offers'), seed: WHOLE_SEED } }]));
    expect(await completeDrawnPrices(root, () => false, server.url)).toBe(false);
    expect(root.querySelector('[data-prices-part="offers"]')!.textContent).toBe('Startingcomparing…');
    expect(root.hasAttribute(FIRST_SCREEN_WHOLE_ATTRIBUTE)).toBe(false);
  });

  it('once the app has started meanwhile, a failure is the app’s to tell (it takes the page over itself)', async () => {
    serve(json(429, { code: 'rate_limited' }));
    expect(await completeDrawnPrices(root, () => true, server.url)).toBe(true);
    expect(root.querySelector('[data-prices-part="offers"]')!.textContent).toBe('Startingcomparing…');
    expect(root.hasAttribute(FIRST_SCREEN_WHOLE_ATTRIBUTE)).toBe(false);
  });

  it('is left to the app when the server cannot be reached', async () => {
    expect(await completeDrawnPrices(root, () => false, 'http://127.0.0.1:9')).toBe(false);
    expect(root.hasAttribute(FIRST_SCREEN_WHOLE_ATTRIBUTE)).toBe(false);
  });
});
