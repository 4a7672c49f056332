import { afterAll, beforeAll } from 'vitest';

/**
 * What a whole suite's tests share (a server, a server and its fakes): `start` runs once before the
 * first test and the answer's close() after the last (vitest's hooks registered here). The function
 * returned reads the running one: call it inside a test or hook, never while the suite is collected.
 */
export function useForSuite<T extends { close(): Promise<void> }>(start: () => Promise<T>): () => T {
  let running: T | undefined;
  beforeAll(async () => {
    running = await start();
  });
  afterAll(async () => {
    await running?.close();
    running = undefined;
  });
  return () => {
    if (!running) throw new Error('the suite’s server is not running: read it inside a test or hook');
    return running;
  };
}
