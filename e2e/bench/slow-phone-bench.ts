// What a person on a slow phone feels (ADR 169): the built app on the real server in demo
// mode, Chromium with the slow phone's network and CPU (slow-phone-profile.ts), a fresh context for
// every run, three runs of each scenario. The first search: tap the search box as soon as it shows,
// type `nurofen` at 150 ms a key, Enter; then a product page opened by its address with nothing in
// the browser. Each with the server's cache warm (a search just made) and cold (a fresh server).
// What counts as usable, in view and a floor: ADR 169.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { parseDemoLatency, DEFAULT_DEMO_LATENCY_MS } from '../../server/src/demo/demo-config';
import type { RetailerId } from '../../server/src/retailers/types';
import { launchBrowser, newPage, startApp, type AppHandle } from '../support/harness';
import { slowDownPage, slowDownServiceWorkers, SLOW_PHONE } from './slow-phone-profile';
import { PRICE_SELECTOR, RECORD_KEY, recordPerson, type PersonRecord } from './slow-phone-recorder';

export const QUERY = 'nurofen';
export const KEY_INTERVAL_MS = 150;
export const RUNS = 3;
/** After every shop has answered, how long a price may still take to come into view before "never". */
const IN_VIEW_GRACE_MS = 5_000;
const RUN_TIMEOUT_MS = 40_000;

export type Cache = 'cached' | 'not cached';

export interface SearchRun {
  firstPaintMs: number | null;
  enterToFirstPriceInViewMs: number | null;
  enterToFirstPriceDrawnMs: number | null;
  enterToAllShopsMs: number | null;
  /** Longest wait of a tap or key press before its handler ran, between the tap and Enter. */
  longestInputDelayMs: number;
  /** Longest main-thread task overlapping the typing. */
  longestTaskWhileTypingMs: number;
  enterNavigated: boolean;
}

export interface UsableRun {
  firstPaintMs: number | null;
  /** From the navigation, and from the tap, to the moment Enter is handled in place. */
  usableMs: number | null;
  tapToUsableMs: number | null;
}

export interface ProductRun {
  toFirstPriceInViewMs: number | null;
  toFirstPriceDrawnMs: number | null;
  toAllShopsMs: number | null;
}

export interface SlowPhoneReport {
  latencyMs: Record<RetailerId, number>;
  /** The shops compared, with the time each took to answer the first (uncached) search on the server. */
  shops: { id: RetailerId; ms: number }[];
  serviceWorkersThrottled: number;
  usable: UsableRun[];
  search: Record<Cache, SearchRun[]>;
  product: Record<Cache, ProductRun[]>;
}

/** The demo shops' latency the server is started with: the demo config's defaults, or DEMO_LATENCY_MS. */
export function benchLatency(raw = process.env.DEMO_LATENCY_MS): Record<RetailerId, number> {
  return { ...DEFAULT_DEMO_LATENCY_MS, ...(raw ? parseDemoLatency(raw) : {}) };
}

const since = (from: number | undefined, to: number | undefined) =>
  from === undefined || to === undefined ? null : to - from;

async function openSlowPage(
  browser: Browser,
  startedBy: 'enter' | 'navigation',
): Promise<{ page: Page; cdp: CDPSession; close(): Promise<void> }> {
  const { context, page } = await newPage(browser, { viewport: SLOW_PHONE.viewport, locale: 'fr-BE' });
  await context.addInitScript({ content: recorderScript(startedBy) });
  const cdp = await slowDownPage(context, page);
  return { page, cdp, close: () => context.close() };
}

/**
 * The recorder as page source. tsx (esbuild, names kept) wraps the function's inner functions in a
 * `__name` helper of this module that the page does not have: the page gets a do-nothing one.
 */
function recorderScript(startedBy: 'enter' | 'navigation'): string {
  const options = { startedBy, priceSelector: PRICE_SELECTOR, key: RECORD_KEY };
  return `(() => { const __name = (f) => f; (${recordPerson.toString()})(${JSON.stringify(options)}); })();`;
}

/** The record so far; null while the page is between two documents. */
async function readRecord(page: Page): Promise<PersonRecord | null> {
  try {
    const raw = await page.evaluate((key) => sessionStorage.getItem(key), RECORD_KEY);
    return raw ? (JSON.parse(raw) as PersonRecord) : null;
  } catch {
    return null;
  }
}

/** Polls until a price is in view and every shop has answered, or it is clear a price never comes into view. */
async function waitForOutcome(page: Page): Promise<PersonRecord> {
  const deadline = Date.now() + RUN_TIMEOUT_MS;
  let last: PersonRecord | null = null;
  let answeredSince: number | null = null;
  for (;;) {
    last = (await readRecord(page)) ?? last;
    if (last?.firstPriceInViewAt !== undefined && last.allShopsAt !== undefined) return last;
    if (last?.allShopsAt !== undefined) answeredSince ??= Date.now();
    if ((answeredSince !== null && Date.now() - answeredSince > IN_VIEW_GRACE_MS) || Date.now() > deadline) {
      if (!last) throw new Error('the bench page recorded nothing');
      return last;
    }
    await sleep(300);
  }
}

/** Types as a person does: a key every 150 ms whether or not the page has handled the last one. */
async function typeLikeAPerson(cdp: CDPSession, text: string): Promise<void> {
  const sent: Promise<unknown>[] = [];
  for (const char of text) {
    const code = `Key${char.toUpperCase()}`;
    const key = { key: char, code, windowsVirtualKeyCode: char.toUpperCase().charCodeAt(0) };
    sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', text: char, ...key }));
    sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key }));
    await sleep(KEY_INTERVAL_MS);
  }
  const enter = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13 };
  sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', text: '\r', ...enter }));
  sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...enter }));
  await Promise.all(sent);
}

/**
 * Taps the search box the moment it shows and nothing covers it (the first-visit splash takes the
 * tap otherwise), as someone who came to search does: Playwright's tap waits for both.
 */
async function tapSearchBox(page: Page): Promise<void> {
  await page.locator('[data-testid="search-input"]:visible').first().tap({ timeout: 30_000 });
}

export async function searchRun(browser: Browser, app: AppHandle): Promise<SearchRun> {
  const { page, cdp, close } = await openSlowPage(browser, 'enter');
  try {
    await page.goto(`${app.url}/`, { waitUntil: 'commit' });
    await tapSearchBox(page);
    await typeLikeAPerson(cdp, QUERY);
    const r = await waitForOutcome(page);
    const typing = { from: r.tapAt ?? 0, to: r.enterAt ?? Infinity };
    const events = r.events.filter((e) => e.at >= typing.from && e.at < typing.to);
    const tasks = r.longTasks.filter((t) => t.at + t.duration > typing.from && t.at < typing.to);
    return {
      firstPaintMs: since(r.startAt, r.firstPaintAt),
      enterToFirstPriceInViewMs: since(r.enterAt, r.firstPriceInViewAt),
      enterToFirstPriceDrawnMs: since(r.enterAt, r.firstPriceDrawnAt),
      enterToAllShopsMs: since(r.enterAt, r.allShopsAt),
      longestInputDelayMs: Math.max(0, ...events.map((e) => e.delay)),
      longestTaskWhileTypingMs: Math.max(0, ...tasks.map((t) => t.duration)),
      enterNavigated: r.navigatedAfterEnter === true,
    };
  } finally {
    await close();
  }
}

/**
 * Whether Enter would be handled in place right now: a submit event the page's handlers can cancel
 * (a synthetic one never submits the form itself). The app's form and a first screen that searches
 * in place cancel it; a drawn form left to the browser does not. The box holds a query, as the
 * drawn page's code lets an empty one through to the app.
 */
async function enterHandledInPlace(page: Page): Promise<number | null> {
  try {
    return await page.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>('[data-testid="search-input"]');
      const form = input?.form;
      if (!input || !form) return null;
      if (!input.value) input.value = 'nurofen';
      const event = new SubmitEvent('submit', { bubbles: true, cancelable: true });
      form.dispatchEvent(event);
      return event.defaultPrevented ? performance.timeOrigin + performance.now() : null;
    });
  } catch {
    return null; // between two documents
  }
}

export async function usableRun(browser: Browser, app: AppHandle): Promise<UsableRun> {
  const { page, close } = await openSlowPage(browser, 'enter');
  try {
    await page.goto(`${app.url}/`, { waitUntil: 'commit' });
    const tapped = tapSearchBox(page);
    const deadline = Date.now() + RUN_TIMEOUT_MS;
    let usableAt: number | null = null;
    while (usableAt === null && Date.now() < deadline) {
      usableAt = await enterHandledInPlace(page);
      if (usableAt === null) await sleep(100);
    }
    await tapped;
    const r = await waitForRecordOf(page);
    // Usable before the tap (a first screen that searches in place) reads as at once.
    const tapToUsable = since(r.tapAt, usableAt ?? undefined);
    return {
      firstPaintMs: since(r.startAt, r.firstPaintAt),
      usableMs: since(r.startAt, usableAt ?? undefined),
      tapToUsableMs: tapToUsable === null ? null : Math.max(0, tapToUsable),
    };
  } finally {
    await close();
  }
}

async function waitForRecordOf(page: Page): Promise<PersonRecord> {
  for (let i = 0; i < 50; i += 1) {
    const r = await readRecord(page);
    if (r) return r;
    await sleep(100);
  }
  throw new Error('the bench page recorded nothing');
}

export async function productRun(browser: Browser, url: string): Promise<ProductRun> {
  const { page, close } = await openSlowPage(browser, 'navigation');
  try {
    await page.goto(url, { waitUntil: 'commit' });
    const r = await waitForOutcome(page);
    return {
      toFirstPriceInViewMs: since(r.startAt, r.firstPriceInViewAt),
      toFirstPriceDrawnMs: since(r.startAt, r.firstPriceDrawnAt),
      toAllShopsMs: since(r.startAt, r.allShopsAt),
    };
  } finally {
    await close();
  }
}

type SearchAnswer = {
  products: Array<{ slug: string | null; cnk: string | null }>;
  retailers: Array<{ id: RetailerId; ms: number }>;
};

/** Searches through the API as a visitor before us did: this fills the server's cache for `q`. */
async function searchNow(app: AppHandle, q: string): Promise<SearchAnswer> {
  const response = await fetch(`${app.url}/api/search/?q=${encodeURIComponent(q)}`, {
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`search ${q}: HTTP ${response.status}`);
  return (await response.json()) as SearchAnswer;
}

/** A product the `nurofen` search shows, with its own page (a product has one once a search saw it). */
function productOf(answer: SearchAnswer): { slug: string; cnk: string } {
  const product = answer.products.find((p) => p.slug && p.cnk);
  if (!product?.slug || !product.cnk) throw new Error(`the demo search for ${QUERY} found no product page`);
  return { slug: product.slug, cnk: product.cnk };
}

export async function runSlowPhoneBench(): Promise<SlowPhoneReport> {
  const latencyMs = benchLatency();
  const env = {
    DEMO_LATENCY_MS: Object.entries(latencyMs)
      .map(([id, ms]) => `${id}:${ms}`)
      .join(','),
    LOG_LEVEL: 'warn',
    // Every run searches from the same address: the bench must not meet the per-visitor limit.
    SEARCH_RATE_LIMIT_PER_MIN: '10000',
  };
  const browser = await launchBrowser();
  const workers = await slowDownServiceWorkers(browser);
  const report: SlowPhoneReport = {
    latencyMs,
    shops: [],
    serviceWorkersThrottled: 0,
    usable: [],
    search: { cached: [], 'not cached': [] },
    product: { cached: [], 'not cached': [] },
  };
  try {
    const warm = await startApp(env);
    try {
      const first = await searchNow(warm, QUERY);
      report.shops = first.retailers.map(({ id, ms }) => ({ id, ms }));
      const product = productOf(first);
      await searchNow(warm, product.cnk);
      for (let i = 0; i < RUNS; i += 1) report.usable.push(await usableRun(browser, warm));
      for (let i = 0; i < RUNS; i += 1) {
        await searchNow(warm, QUERY);
        report.search.cached.push(await searchRun(browser, warm));
      }
      for (let i = 0; i < RUNS; i += 1) {
        await searchNow(warm, product.cnk);
        report.product.cached.push(await productRun(browser, `${warm.url}/${product.slug}`));
      }
    } finally {
      await warm.stop();
    }
    // A fresh server each time: nothing cached. The first search also gives its products their pages,
    // searched by name only, so a product's own prices are still not cached for its page.
    for (let i = 0; i < RUNS; i += 1) {
      const cold = await startApp(env);
      try {
        report.search['not cached'].push(await searchRun(browser, cold));
        // Answered from the cache the browser's search just filled: it only names the product.
        const { slug } = productOf(await searchNow(cold, QUERY));
        report.product['not cached'].push(await productRun(browser, `${cold.url}/${slug}`));
      } finally {
        await cold.stop();
      }
    }
    report.serviceWorkersThrottled = workers.workers();
  } finally {
    await workers.stop().catch(() => undefined);
    await browser.close();
  }
  return report;
}
