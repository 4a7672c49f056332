import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announceSearch } from './search-activity';
import { whenNetworkFree } from './when-network-free';

// ADR 224: the service worker starts once the loaded page's network is idle, never while a search
// is under way or being typed (ADR 165).
const QUIET = 1000;
const TYPING = 5000;
const MAX = 20_000;
const cancels: Array<() => void> = [];
const pending: Array<() => void> = [];
const schedule = (run: () => void) =>
  cancels.push(whenNetworkFree(run, { quietMs: QUIET, typingPauseMs: TYPING, maxWaitMs: MAX }));

/** The search form of the page (drawn or the app's) and a link beside it. */
function drawPage() {
  document.body.innerHTML =
    '<form role="search"><input name="q" type="text"></form><a href="/fr/dafalgan">Dafalgan</a>';
  return {
    box: document.querySelector('input')!,
    link: document.querySelector('a')!,
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  for (const cancel of cancels.splice(0)) cancel();
  for (const settle of pending.splice(0)) settle();
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('whenNetworkFree', () => {
  it('runs once the page has fetched nothing for the quiet wait, and only once', () => {
    const run = vi.fn();
    schedule(run);
    vi.advanceTimersByTime(QUIET - 1);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    vi.runOnlyPendingTimers();
    expect(run).toHaveBeenCalledTimes(1);
    announceSearch()();
    vi.advanceTimersByTime(TYPING * 5);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('taps and keys outside a search form hold nothing: a visitor opening products gets it at the quiet wait', () => {
    const { link } = drawPage();
    const run = vi.fn();
    schedule(run);
    vi.advanceTimersByTime(QUIET / 2);
    link.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    link.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    vi.advanceTimersByTime(QUIET / 2 + 1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('each key or tap in a search form holds it for the typing pause', () => {
    const { box } = drawPage();
    const run = vi.fn();
    schedule(run);
    vi.advanceTimersByTime(QUIET - 100);
    box.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    vi.advanceTimersByTime(TYPING - 100);
    box.dispatchEvent(new KeyboardEvent('keydown', { key: 'n', bubbles: true }));
    vi.advanceTimersByTime(TYPING - 100);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    vi.runOnlyPendingTimers();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('a search under way holds it however long the page stays quiet; its end starts it at once', () => {
    const run = vi.fn();
    schedule(run);
    const settled = announceSearch();
    pending.push(settled);
    vi.advanceTimersByTime(TYPING * 3);
    expect(run).not.toHaveBeenCalled();
    settled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('a search that started before the page loaded (a product page completing its prices) holds it too', () => {
    const settled = announceSearch();
    pending.push(settled);
    const run = vi.fn();
    schedule(run);
    vi.advanceTimersByTime(TYPING * 3);
    expect(run).not.toHaveBeenCalled();
    settled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('with two searches under way it waits for the last one', () => {
    const run = vi.fn();
    schedule(run);
    const first = announceSearch();
    const second = announceSearch();
    pending.push(second);
    first();
    first();
    vi.advanceTimersByTime(TYPING * 3);
    expect(run).not.toHaveBeenCalled();
    second();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('a page that never goes quiet still gets it at the longest wait', () => {
    const { box } = drawPage();
    const run = vi.fn();
    schedule(run);
    const settled = announceSearch();
    pending.push(settled);
    for (let t = 0; t < MAX - 500; t += 500) {
      box.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
      vi.advanceTimersByTime(500);
    }
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    vi.runOnlyPendingTimers();
    expect(run).toHaveBeenCalledTimes(1);
    settled();
    expect(run).toHaveBeenCalledTimes(1);
  });
});
