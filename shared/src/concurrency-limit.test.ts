import { describe, expect, it } from 'vitest';
import { createConcurrencyLimit, createFairConcurrencyLimit, type AbortSignalLike } from './concurrency-limit';

/** A task that starts when the limit lets it and finishes when `finish()` is called. */
function gate() {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return { done, finish: () => open() };
}

/** Lets every pending promise callback run (shared/ has no timer types: microtasks only). */
const tick = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

// The runtime's own AbortController, typed as the limit reads it.
const { AbortController } = globalThis as unknown as {
  AbortController: new () => { signal: AbortSignalLike; abort(reason?: unknown): void };
};

/** Records the start of each named task and keeps it running until its gate is finished. */
function starter() {
  const started: string[] = [];
  const gates = new Map<string, ReturnType<typeof gate>>();
  const task = (name: string) => () => {
    started.push(name);
    const g = gate();
    gates.set(name, g);
    return g.done;
  };
  const finish = (name: string) => gates.get(name)!.finish();
  return { started, task, finish };
}

describe('concurrency limit (first in, first out)', () => {
  it('never runs more than `max` tasks at once and starts the waiting ones in order', async () => {
    const limit = createConcurrencyLimit(2);
    const { started, task, finish } = starter();
    const all = ['t0', 't1', 't2', 't3', 't4'].map((name) => limit(task(name)));
    await tick();
    expect(started).toEqual(['t0', 't1']);
    finish('t1');
    await tick();
    expect(started).toEqual(['t0', 't1', 't2']);
    finish('t0');
    await tick();
    expect(started).toEqual(['t0', 't1', 't2', 't3']);
    for (const name of ['t2', 't3']) finish(name);
    await tick();
    finish('t4');
    await Promise.all(all);
    expect(started).toEqual(['t0', 't1', 't2', 't3', 't4']);
  });

  it('passes on what the task resolves or rejects with, and frees its slot either way', async () => {
    const limit = createConcurrencyLimit(1);
    await expect(limit(async () => 'price')).resolves.toBe('price');
    await expect(limit(() => Promise.reject(new Error('shop down')))).rejects.toThrow('shop down');
    await expect(
      limit(() => {
        throw new Error('thrown before any await');
      }),
    ).rejects.toThrow('thrown before any await');
    await expect(limit(async () => 'next')).resolves.toBe('next');
  });

  it('takes an aborted waiter out of the queue: it never runs and never holds a slot', async () => {
    const limit = createConcurrencyLimit(1);
    const { started, task, finish } = starter();
    const first = limit(task('first'));
    const controller = new AbortController();
    const aborted = limit(task('aborted'), controller.signal);
    const last = limit(task('last'));
    controller.abort(new Error('client gone'));
    await expect(aborted).rejects.toThrow('client gone');
    finish('first');
    await tick();
    expect(started).toEqual(['first', 'last']);
    finish('last');
    await Promise.all([first, last]);
  });

  it('refuses a task whose signal is already aborted, even with a slot free', async () => {
    const limit = createConcurrencyLimit(1);
    const controller = new AbortController();
    controller.abort(new Error('too late'));
    let ran = false;
    await expect(limit(async () => void (ran = true), controller.signal)).rejects.toThrow('too late');
    expect(ran).toBe(false);
    await expect(limit(async () => 'free')).resolves.toBe('free');
  });
});

describe('fair concurrency limit (round-robin between keys)', () => {
  it('never runs more than `max` tasks at once', async () => {
    const limit = createFairConcurrencyLimit(3);
    let running = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        limit(i % 2, async () => {
          running += 1;
          peak = Math.max(peak, running);
          await tick();
          running -= 1;
        }),
      ),
    );
    expect(peak).toBe(3);
  });

  it("serves a second key's task at the first freed slot, ahead of a key with a long queue", async () => {
    const limit = createFairConcurrencyLimit(2);
    const { started, task, finish } = starter();
    const all = [];
    for (let i = 0; i < 50; i++) all.push(limit('a', task(`a${i}`)));
    await tick();
    all.push(limit('b', task('b0')));
    await tick();
    expect(started).toEqual(['a0', 'a1']);
    // Each finishing task hands its slot on: first to b, which has none running, then to a again.
    finish('a0');
    await tick();
    finish('a1');
    await tick();
    expect(started).toEqual(['a0', 'a1', 'b0', 'a2']);
    const drained = Promise.all(all);
    for (let i = 0; i < 200 && started.length < 51; i++) {
      for (const name of started) finish(name);
      await tick();
    }
    for (const name of started) finish(name);
    await drained;
    expect(started).toHaveLength(51);
  });

  it('takes turns between several waiting keys: the ones not served yet (fewest waiting first), then the one served longest ago', async () => {
    const limit = createFairConcurrencyLimit(1);
    const started: string[] = [];
    const hold = gate();
    const first = limit('a', () => hold.done);
    const rest = [
      ...['a1', 'a2', 'a3'].map((n) => limit('a', async () => void started.push(n))),
      ...['b1', 'b2'].map((n) => limit('b', async () => void started.push(n))),
      limit('c', async () => void started.push('c1')),
    ];
    hold.finish();
    await Promise.all([first, ...rest]);
    // a had a task started already: c and b, served never, go first, c with its single task first.
    expect(started).toEqual(['c1', 'b1', 'a1', 'b2', 'a2', 'a3']);
  });

  it('frees the slot of a task that throws', async () => {
    const limit = createFairConcurrencyLimit(1);
    await expect(limit('a', () => Promise.reject(new Error('shop down')))).rejects.toThrow('shop down');
    await expect(limit('b', async () => 'next')).resolves.toBe('next');
  });

  it("drops a key from the ring when its only waiter aborts, so the other keys' turns are unchanged", async () => {
    const limit = createFairConcurrencyLimit(1);
    const started: string[] = [];
    const hold = gate();
    const first = limit('a', () => hold.done);
    const controller = new AbortController();
    const aborted = limit('b', async () => void started.push('b1'), controller.signal);
    const rest = [
      limit('a', async () => void started.push('a1')),
      limit('c', async () => void started.push('c1')),
      limit('a', async () => void started.push('a2')),
    ];
    controller.abort(new Error('gone'));
    await expect(aborted).rejects.toThrow('gone');
    hold.finish();
    await Promise.all([first, ...rest]);
    expect(started).toEqual(['c1', 'a1', 'a2']);
  });

  it("starts a newcomer's single task at the first freed slot, however many keys flood", async () => {
    const limit = createFairConcurrencyLimit(2);
    const { started, task, finish } = starter();
    const done = new Set<string>();
    const finishOldest = async () => {
      const name = started.find((n) => !done.has(n))!;
      done.add(name);
      finish(name);
      await tick();
    };
    const all: Array<Promise<void>> = [];
    for (let round = 0; round < 30; round++)
      for (let f = 0; f < 10; f++) all.push(limit(`f${f}`, task(`f${f}-${round}`)));
    await tick();
    // The flood has taken turns for a while before the visitor comes.
    for (let i = 0; i < 15; i++) await finishOldest();
    all.push(limit('visitor', task('visitor')));
    await finishOldest();
    expect(started.at(-1)).toBe('visitor');
    while (done.size < 301) await finishOldest();
    await Promise.all(all);
    // The flooders took turns: each one's first task started within the first ten.
    expect(new Set(started.slice(0, 10).map((name) => name.split('-')[0]))).toHaveLength(10);
  });

  it('gives each key an equal share of the slots while both have tasks waiting', async () => {
    const limit = createFairConcurrencyLimit(4);
    const { started, task, finish } = starter();
    const all = Array.from({ length: 20 }, (_, i) => limit('a', task(`a${i}`)));
    await tick();
    all.push(...Array.from({ length: 20 }, (_, i) => limit('b', task(`b${i}`))));
    // a holds every slot; each one it frees goes to b until both run two.
    for (const name of ['a0', 'a1', 'a2']) {
      finish(name);
      await tick();
    }
    expect(started.slice(4)).toEqual(['b0', 'b1', 'a4']);
    for (let i = 0; i < 40; i++) {
      for (const name of started) finish(name);
      await tick();
    }
    await Promise.all(all);
    expect(started).toHaveLength(40);
  });
});
