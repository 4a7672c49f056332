/**
 * Concurrency limits: at most `max` tasks run at once, the others wait their turn (ADR 143). The
 * same code serves the web (translation files read in parallel) and the server (requests in flight
 * to one retailer host, Pro pricing slots shared between users). A rate limit, which counts calls per
 * time window, is another thing: the server's `createRateLimiter`.
 */

/** The part of an AbortSignal a limit reads (shared/ compiles without DOM or Node types). */
export interface AbortSignalLike {
  readonly aborted: boolean;
  readonly reason?: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

export type LimitKey = string | number;

/**
 * Runs `task` once one of the `max` slots is free for `key`. A signal that aborts while the task waits
 * takes it out of the queue (it never gets a slot) and rejects with the signal's reason.
 */
export type FairConcurrencyLimit = <T>(key: LimitKey, task: () => Promise<T>, signal?: AbortSignalLike) => Promise<T>;

/** Runs `task` once one of the `max` slots is free; waiting tasks start in the order they came. */
export type ConcurrencyLimit = <T>(task: () => Promise<T>, signal?: AbortSignalLike) => Promise<T>;

/**
 * At most `max` tasks at once, shared fairly between keys (the Pro users). Each key waits in its own
 * queue and a freed slot goes to the keys in turn (round-robin): a key with one task waiting starts it
 * after at most one task of each other waiting key, however long their queues are (ADR 128).
 */
export function createFairConcurrencyLimit(max: number): FairConcurrencyLimit {
  let active = 0;
  // A Map keeps insertion order: it is the ring of keys that have tasks waiting, the next one first.
  const queues = new Map<LimitKey, Array<() => void>>();

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

  function wait(key: LimitKey, signal: AbortSignalLike | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const grant = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        const queue = queues.get(key);
        const at = queue?.indexOf(grant) ?? -1;
        if (queue && at >= 0) {
          queue.splice(at, 1);
          if (queue.length === 0) queues.delete(key);
        }
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const queue = queues.get(key);
      if (queue) queue.push(grant);
      else queues.set(key, [grant]);
    });
  }

  return async function run<T>(key: LimitKey, task: () => Promise<T>, signal?: AbortSignalLike): Promise<T> {
    if (signal?.aborted) throw signal.reason;
    if (active >= max) await wait(key, signal);
    else active += 1;
    try {
      return await task();
    } finally {
      release();
    }
  };
}

/** At most `max` tasks at once; the others wait in the order they came (first in, first out). */
export function createConcurrencyLimit(max: number): ConcurrencyLimit {
  // One key: the round-robin ring has a single queue, which is served in order.
  const fair = createFairConcurrencyLimit(max);
  return (task, signal) => fair(0, task, signal);
}
