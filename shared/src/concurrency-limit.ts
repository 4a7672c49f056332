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
 * At most `max` tasks at once, shared fairly between keys (the Pro users, the clients of a shop). Each
 * key waits in its own queue; a freed slot goes to the waiting key with the fewest tasks running, and
 * among those to the one whose last task started longest ago, a key that has not started one since it
 * was last idle first (of those, the one with fewest waiting) (ADR 128, 188). Keys with long queues take turns (round-robin); a key arriving
 * with one task (a visitor's search) starts it as soon as a slot frees, ahead of every key already
 * served, however many keys are flooding.
 */
export function createFairConcurrencyLimit(max: number): FairConcurrencyLimit {
  let active = 0;
  // A Map keeps insertion order: among keys never served, the one that came first is found first.
  const queues = new Map<LimitKey, Array<() => void>>();
  /** Per key with tasks running or waiting: how many run, and when its last one started (none yet: -1). */
  const keys = new Map<LimitKey, { running: number; startedAt: number }>();
  let starts = 0;

  const stateOf = (key: LimitKey) => {
    let state = keys.get(key);
    if (!state) keys.set(key, (state = { running: 0, startedAt: -1 }));
    return state;
  };
  const started = (key: LimitKey) => {
    const state = stateOf(key);
    state.running += 1;
    state.startedAt = ++starts;
  };
  /** A key with nothing running or waiting is forgotten: when it comes back, it has not been served. */
  const forgetIfIdle = (key: LimitKey) => {
    if (keys.get(key)?.running === 0 && !queues.has(key)) keys.delete(key);
  };
  const finished = (key: LimitKey) => {
    stateOf(key).running -= 1;
    forgetIfIdle(key);
  };

  /**
   * The waiting key a freed slot goes to: fewest running, then served longest ago; among keys never
   * served (equal there), the one with fewest waiting, then the first come.
   */
  function nextKey(): LimitKey | undefined {
    let best: LimitKey | undefined;
    let bestRank: [number, number, number] | undefined;
    for (const [key, queue] of queues) {
      const state = stateOf(key);
      const rank: [number, number, number] = [state.running, state.startedAt, queue.length];
      if (!bestRank || isBefore(rank, bestRank)) {
        best = key;
        bestRank = rank;
      }
    }
    return best;
  }

  function nextWaiter(): (() => void) | undefined {
    const key = nextKey();
    if (key === undefined) return undefined;
    const queue = queues.get(key)!;
    const start = queue.shift();
    if (queue.length === 0) queues.delete(key);
    // Counted as started now, not when its task resumes: the next pick must already see it.
    started(key);
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
        forgetIfIdle(key);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      stateOf(key);
      const queue = queues.get(key);
      if (queue) queue.push(grant);
      else queues.set(key, [grant]);
    });
  }

  return async function run<T>(key: LimitKey, task: () => Promise<T>, signal?: AbortSignalLike): Promise<T> {
    if (signal?.aborted) throw signal.reason;
    if (active >= max) await wait(key, signal);
    else {
      active += 1;
      started(key);
    }
    try {
      return await task();
    } finally {
      finished(key);
      release();
    }
  };
}

/** Whether rank `a` comes strictly before rank `b`, compared element by element. */
function isBefore(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}

/**
 * At most `max` tasks at once; the others wait in the order they came (first in, first out). Written
 * apart from the fair limit, not as its one-key case: the web loads it with its first screen, where
 * every byte counts, and a single queue needs none of the fair limit's ranking.
 */
export function createConcurrencyLimit(max: number): ConcurrencyLimit {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async (task, signal) => {
    if (signal?.aborted) throw signal.reason;
    if (active < max) active += 1;
    else
      await new Promise<void>((resolve, reject) => {
        const grant = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        const onAbort = () => {
          waiting.splice(waiting.indexOf(grant) >>> 0, 1);
          reject(signal?.reason);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        waiting.push(grant);
      });
    try {
      return await task();
    } finally {
      // The slot goes straight to the next waiter, so a newcomer can never slip in between.
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}
