import { describe, expect, it } from 'vitest';
import { createFairLimit } from './concurrency-limit';

/** A task that starts when the limiter lets it and finishes when `finish()` is called. */
function gate() {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return { done, finish: () => open() };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('fair concurrency limit', () => {
  it('never runs more than `max` tasks at once', async () => {
    const limit = createFairLimit(3);
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

  it("serves a second key's task after at most one more task of a key with a long queue", async () => {
    const limit = createFairLimit(2);
    const started: string[] = [];
    const gates = new Map<string, ReturnType<typeof gate>>();
    const task = (name: string) => () => {
      started.push(name);
      const g = gate();
      gates.set(name, g);
      return g.done;
    };
    const all = [];
    for (let i = 0; i < 50; i++) all.push(limit('a', task(`a${i}`)));
    await tick();
    all.push(limit('b', task('b0')));
    await tick();
    expect(started).toEqual(['a0', 'a1']);
    // Each finishing task hands its slot on: a's queue and b's are served in turn.
    gates.get('a0')!.finish();
    await tick();
    gates.get('a1')!.finish();
    await tick();
    expect(started).toEqual(['a0', 'a1', 'a2', 'b0']);
    const drained = Promise.all(all);
    for (let i = 0; i < 200 && started.length < 51; i++) {
      for (const g of gates.values()) g.finish();
      await tick();
    }
    for (const g of gates.values()) g.finish();
    await drained;
    expect(started).toHaveLength(51);
  });

  it('takes turns between several waiting keys, in the order they first waited', async () => {
    const limit = createFairLimit(1);
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
    expect(started).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
  });

  it('frees the slot of a task that throws', async () => {
    const limit = createFairLimit(1);
    await expect(limit('a', () => Promise.reject(new Error('shop down')))).rejects.toThrow('shop down');
    await expect(limit('b', async () => 'next')).resolves.toBe('next');
  });
});
