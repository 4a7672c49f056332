/**
 * Runs at most `max` tasks at once, shared fairly between keys (the Pro users). Each key waits in its
 * own queue and a freed slot goes to the keys in turn (round-robin): a key with one task waiting starts
 * it after at most one task of each other waiting key, however long their queues are (ADR 128).
 */
export function createFairLimit(max: number) {
  let active = 0;
  // A Map keeps insertion order: it is the ring of keys that have tasks waiting, the next one first.
  const queues = new Map<string | number, Array<() => void>>();

  function nextWaiter(): (() => void) | undefined {
    const first = queues.entries().next();
    if (first.done) return undefined;
    const [key, queue] = first.value;
    const start = queue.shift();
    queues.delete(key);
    // Served once: to the back of the ring if it still has tasks waiting.
    if (queue.length > 0) queues.set(key, queue);
    return start;
  }

  // A finishing task hands its slot straight to the next waiter, so a newcomer can never slip in between.
  const release = () => {
    const next = nextWaiter();
    if (next) next();
    else active -= 1;
  };

  return async function run<T>(key: string | number, task: () => Promise<T>): Promise<T> {
    if (active >= max) {
      await new Promise<void>((resolve) => {
        const queue = queues.get(key);
        if (queue) queue.push(resolve);
        else queues.set(key, [resolve]);
      });
    } else active += 1;
    try {
      return await task();
    } finally {
      release();
    }
  };
}
export type FairLimit = ReturnType<typeof createFairLimit>;
