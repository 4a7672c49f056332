import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announceSearch } from './search-activity';
import { whenNetworkFree } from './when-network-free';

// ADR 165: the service worker's registration waits for the first search to settle or for a quiet page.
const QUIET = 1000;
const cancels: Array<() => void> = [];
const MAX = 10_000;
const schedule = (run: () => void) => cancels.push(whenNetworkFree(run, { quietMs: QUIET, maxWaitMs: MAX }));

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  for (const cancel of cancels.splice(0)) cancel();
  vi.useRealTimers();
});

describe('whenNetworkFree', () => {
  it('runs once the page has been quiet for the whole wait, and only once', () => {
    const run = vi.fn();
    schedule(run);
    vi.advanceTimersByTime(QUIET - 1);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    vi.runOnlyPendingTimers();
    expect(run).toHaveBeenCalledTimes(1);
    announceSearch()();
    vi.advanceTimersByTime(QUIET * 5);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('each key or tap of the visitor restarts the wait', () => {
    const run = vi.fn();
    schedule(run);
    vi.advanceTimersByTime(QUIET - 100);
    window.dispatchEvent(new PointerEvent('pointerdown'));
    vi.advanceTimersByTime(QUIET - 100);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'n' }));
    vi.advanceTimersByTime(QUIET - 100);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    vi.runOnlyPendingTimers();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('a search under way holds it however long the page stays quiet; its end starts it at once', () => {
    const run = vi.fn();
    schedule(run);
    const settled = announceSearch();
    vi.advanceTimersByTime(QUIET * 10);
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
    first();
    first();
    vi.advanceTimersByTime(QUIET * 3);
    expect(run).not.toHaveBeenCalled();
    second();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('a page that never goes quiet still gets it at the longest wait', () => {
    const run = vi.fn();
    schedule(run);
    const settled = announceSearch();
    for (let t = 0; t < MAX - 500; t += 500) {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
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
