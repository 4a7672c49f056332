import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPullScheduler, type PullResult } from './pull-scheduler';

// When an open Pro tool pulls the other devices' changes: on screen and online only, on coming back,
// on an interval, one at a time, waiting longer after failures. The pull counts what was asked.
let visibility: DocumentVisibilityState = 'visible';
let onLine = true;
const EVERY = 10_000;

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}
function setOnline(value: boolean) {
  onLine = value;
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
}

/** A pull answering `results` in turn (then 'ok'), each after `takesMs`. */
function pulls(results: PullResult[] = [], takesMs = 0) {
  const at: number[] = [];
  const pull = () => {
    at.push(Date.now());
    const result = results.shift() ?? 'ok';
    if (takesMs === 0) return Promise.resolve(result);
    return new Promise<PullResult>((resolve) => setTimeout(() => resolve(result), takesMs));
  };
  return { pull, at };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  visibility = 'visible';
  onLine = true;
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => onLine);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('pull scheduler', () => {
  it('pulls on the interval while on screen, never while hidden, and at once when the tool is back on screen', async () => {
    const { pull, at } = pulls();
    const scheduler = createPullScheduler(pull, { everyMs: EVERY });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(EVERY * 2);
    expect(at).toEqual([EVERY, EVERY * 2]);

    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(EVERY * 10);
    expect(at).toHaveLength(2);
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(at).toHaveLength(2);

    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(at).toEqual([EVERY, EVERY * 2, EVERY * 12]);
    // The focus that comes with it asks nothing more; the interval counts from the last pull.
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(EVERY);
    expect(at).toEqual([EVERY, EVERY * 2, EVERY * 12, EVERY * 13]);
    scheduler.stop();
    await vi.advanceTimersByTimeAsync(EVERY * 5);
    expect(at).toHaveLength(4);
  });

  it('runs one pull at a time: a focus or a tick during a slow pull starts none', async () => {
    const { pull, at } = pulls([], EVERY * 3);
    const scheduler = createPullScheduler(pull, { everyMs: EVERY });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(EVERY);
    expect(at).toEqual([EVERY]);
    window.dispatchEvent(new Event('focus'));
    setVisibility('hidden');
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(EVERY * 2);
    expect(at).toEqual([EVERY]);
    // The slow pull ends at 4×; the next one waits a full interval after it.
    await vi.advanceTimersByTimeAsync(EVERY * 2);
    expect(at).toEqual([EVERY, EVERY * 5]);
    scheduler.stop();
  });

  it('pulls nothing offline, and starts the interval again once back online', async () => {
    const { pull, at } = pulls();
    const scheduler = createPullScheduler(pull, { everyMs: EVERY });
    scheduler.start();
    setOnline(false);
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(EVERY * 5);
    expect(at).toEqual([]);
    setOnline(true);
    await vi.advanceTimersByTimeAsync(EVERY);
    expect(at).toEqual([EVERY * 6]);
    scheduler.stop();
  });

  it('waits twice as long after each failure, back to the interval after a success, and stops when told', async () => {
    const { pull, at } = pulls(['failed', 'failed', 'ok', 'stop']);
    const scheduler = createPullScheduler(pull, { everyMs: EVERY });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(EVERY * 20);
    // 1× (fails), +2× (fails), +4× (ok), +1× (stop), then nothing.
    expect(at).toEqual([EVERY, EVERY * 3, EVERY * 7, EVERY * 8]);
    setVisibility('hidden');
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(EVERY * 5);
    expect(at).toHaveLength(4);
  });

  it('counts the interval from a sync made for another reason (a change pushed)', async () => {
    const { pull, at } = pulls();
    const scheduler = createPullScheduler(pull, { everyMs: EVERY });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(EVERY / 2);
    scheduler.synced(true);
    await vi.advanceTimersByTimeAsync(EVERY);
    expect(at).toEqual([EVERY * 1.5]);
    scheduler.stop();
  });
});
