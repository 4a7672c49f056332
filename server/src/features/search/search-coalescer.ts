/**
 * Shares one in-flight promise per key: N identical concurrent searches make one upstream request
 * per retailer. The entry is dropped as soon as the promise settles (the cache takes over from there).
 */
export function createCoalescer<T>() {
  const inFlight = new Map<string, Promise<T>>();
  return {
    run(key: string, start: () => Promise<T>): Promise<T> {
      const existing = inFlight.get(key);
      if (existing) return existing;
      const promise = start().finally(() => inFlight.delete(key));
      inFlight.set(key, promise);
      return promise;
    },
    get size() {
      return inFlight.size;
    },
  };
}
