import { describe, expect, it, vi } from 'vitest';
import { warmIntlOffThread, type WarmIntlEndpoint } from './warm-intl-worker.client';

/** A worker as the client sees it: it records what it was sent and answers when told to. */
function fakeWorker() {
  const listeners = new Map<string, () => void>();
  const sent: unknown[] = [];
  let terminated = false;
  const endpoint: WarmIntlEndpoint = {
    postMessage: (message: unknown) => void sent.push(message),
    terminate: () => void (terminated = true),
    addEventListener: ((type: string, listener: () => void) => void listeners.set(type, listener)) as never,
  };
  return { endpoint, sent, fire: (type: string) => listeners.get(type)?.(), terminated: () => terminated };
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

describe('warmIntlOffThread', () => {
  it('sends the locale, waits for the answer, then ends the worker', async () => {
    const worker = fakeWorker();
    const warmed = warmIntlOffThread('nl-BE', () => worker.endpoint);
    expect(worker.sent).toEqual(['nl-BE']);
    expect(await settled(warmed)).toBe(false);
    worker.fire('message');
    expect(await settled(warmed)).toBe(true);
    expect(worker.terminated()).toBe(true);
  });

  it('goes on when the worker fails (a refused or missing script)', async () => {
    const worker = fakeWorker();
    const warmed = warmIntlOffThread('fr-BE', () => worker.endpoint);
    worker.fire('error');
    expect(await settled(warmed)).toBe(true);
    expect(worker.terminated()).toBe(true);
  });

  it('goes on when no worker can be made', async () => {
    const warmed = warmIntlOffThread('fr-BE', () => {
      throw new Error('SecurityError');
    });
    expect(await settled(warmed)).toBe(true);
  });

  it('stops waiting for a worker that never answers', async () => {
    vi.useFakeTimers();
    try {
      const worker = fakeWorker();
      const warmed = warmIntlOffThread('en-BE', () => worker.endpoint, 3_000);
      await vi.advanceTimersByTimeAsync(2_999);
      expect(await settled(warmed)).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await settled(warmed)).toBe(true);
      expect(worker.terminated()).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
