/** Runs at most `max` tasks at once; the others wait in arrival order. */
export function createConcurrencyLimit(max: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  // A finishing task hands its slot straight to the next waiter, so a newcomer can never slip in between.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else active += 1;
    try {
      return await task();
    } finally {
      release();
    }
  };
}
export type ConcurrencyLimit = ReturnType<typeof createConcurrencyLimit>;
