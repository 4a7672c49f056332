import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_SEED_ID } from '@pharmaradar/shared/first-screen-markup';
import { json, sse, startTestServer, type TestServer } from '../test/fakes/search-api-server';
import { SEARCH_SETTLED_EVENT, SEARCH_STARTED_EVENT } from '../lib/pwa/search-activity';
import { drawnSearch } from './first-screen-search';
import { startOnIntent, TYPING_PAUSE_MS, type FirstScreenHandover } from './first-screen-start';

// ADR 167, 168: Enter on the drawn home page, before the app has taken it over,
// shows the search in place, each shop as it answers, instead of the form's navigation; the app
// starts after it, once the typing has paused, and finds the result in the page.
const HOME = `<section class="home-hero"><form role="search" action="/en"><input name="q" type="search">
<button type="submit">Compare</button></form></section><div class="home__content" data-results-slot=""><p id="faq">FAQ</p></div>`;

const results = (text: string) => `<section data-prices-part="results">${text}</section>`;
const RESULT = {
  query: 'dafalgan',
  kind: 'name',
  products: [],
  retailers: [],
  fetchedAt: 'now',
  cached: false,
  demo: true,
};

let server: TestServer;
let root: HTMLElement;
let handover: FirstScreenHandover | null = null;
let navigated: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  history.replaceState(null, '', '/en');
  document.documentElement.lang = 'en';
  document.body.innerHTML = `<div id="root" data-first-screen="home">${HOME}</div>`;
  root = document.getElementById('root')!;
  navigated = [];
  // The browser's own navigation, which jsdom does not make: what the plain form would have done.
  root.querySelector('form')!.submit = function (this: HTMLFormElement) {
    navigated.push(new FormData(this).get('q') as string);
  };
});
afterEach(() => {
  handover?.stop();
  handover = null;
  vi.useRealTimers();
  document.body.innerHTML = '';
});

/** The drawn page watched as the small entry does on the home page. */
function watch(start = vi.fn()) {
  const search = drawnSearch(root, server.url);
  let ended: Promise<void> = Promise.resolve();
  handover = startOnIntent(root, start, {
    run: (form, query) => (ended = search.run(form, query)),
    stop: () => search.stop(),
  });
  return { start, ended: () => ended };
}

function enter(query: string) {
  const field = root.querySelector<HTMLInputElement>('input[name="q"]')!;
  field.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  field.value = query;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true });
  root.querySelector('form')!.dispatchEvent(submit);
  return submit;
}

describe('a search on the drawn home page', () => {
  it('runs in place: the results drawn as each shop answers, the address is the results one, the app finds the result', async () => {
    let release!: () => void;
    const held = new Promise((resolve) => (release = () => resolve(null)));
    server.handle(
      sse([
        { event: 'parts', data: { parts: results('1 shop'), priced: true } },
        held,
        { event: 'done', data: { parts: results('3 shops'), result: RESULT, priced: true } },
      ]),
    );
    const { ended } = watch();
    const submit = enter(' dafalgan ');
    expect(submit.defaultPrevented).toBe(true); // no navigation to a blank page
    expect(new URL(location.href).search).toBe('?q=dafalgan');
    await vi.waitFor(() => expect(root.querySelector('[data-prices-part="results"]')?.textContent).toBe('1 shop'));
    // In the results' place on the home page, before the rest of its content.
    expect(root.querySelector('[data-results-slot]')!.firstElementChild!.textContent).toBe('1 shop');
    expect(root.querySelector('.home-hero')!.classList.contains('home-hero--compact')).toBe(true);
    expect(document.getElementById(SEARCH_SEED_ID)).toBeNull();
    // An app started meanwhile waits for it to end before taking the page over (not restarting it).
    let over = false;
    void handover!.whenSearchEnded().then(() => (over = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(over).toBe(false);
    release();
    await ended();
    await vi.waitFor(() => expect(over).toBe(true));
    expect(root.querySelectorAll('[data-prices-part]').length).toBe(1);
    expect(root.querySelector('[data-prices-part="results"]')!.textContent).toBe('3 shops');
    expect(JSON.parse(document.getElementById(SEARCH_SEED_ID)!.textContent!)).toEqual(RESULT);
    expect(server.requests.map((r) => [r.path, r.accept])).toEqual([
      ['/api/first-screen/search/?q=dafalgan&lang=en', 'text/event-stream'],
    ]);
    expect(navigated).toEqual([]);
  });

  it('announces itself, so the service worker waits for it to end before downloading (ADR 165)', async () => {
    let release!: () => void;
    const held = new Promise((resolve) => (release = () => resolve(null)));
    server.handle(sse([held, { event: 'done', data: { parts: results('3 shops'), result: RESULT, priced: true } }]));
    const seen: string[] = [];
    const record = (event: Event) => seen.push(event.type);
    window.addEventListener(SEARCH_STARTED_EVENT, record);
    window.addEventListener(SEARCH_SETTLED_EVENT, record);
    try {
      const { ended } = watch();
      enter('dafalgan');
      await vi.waitFor(() => expect(seen).toEqual([SEARCH_STARTED_EVENT]));
      release();
      await ended();
      expect(seen).toEqual([SEARCH_STARTED_EVENT, SEARCH_SETTLED_EVENT]);
    } finally {
      window.removeEventListener(SEARCH_STARTED_EVENT, record);
      window.removeEventListener(SEARCH_SETTLED_EVENT, record);
    }
  });

  it('falls back on the plain form when the server cannot draw it (the results page, as without script)', async () => {
    server.handle(sse([{ event: 'error', data: { code: 'not_drawn' } }]));
    const { ended } = watch();
    enter('dafalgan');
    await ended();
    expect(navigated).toEqual(['dafalgan']);
    server.handle(json(429, { code: 'rate_limited' }));
    enter('ibuprofen');
    await ended();
    expect(navigated).toEqual(['dafalgan', 'ibuprofen']);
  });

  it('does not start the app while the visitor types in the search form: only once the typing pauses', () => {
    vi.useFakeTimers();
    server.handle(json(404, {}));
    const { start } = watch();
    const field = root.querySelector<HTMLInputElement>('input[name="q"]')!;
    field.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    for (const key of 'nurofen') {
      field.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
      field.value += key;
      field.dispatchEvent(new Event('input', { bubbles: true }));
      vi.advanceTimersByTime(150);
    }
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(TYPING_PAUSE_MS + 1000);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('a touch elsewhere on the page still starts the app at once', () => {
    const { start } = watch();
    root.querySelector('#faq')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(start).toHaveBeenCalledTimes(1);
  });
});
