// @vitest-environment node
// The idle worker over a real comlink channel (node's MessageChannel stands for the browser Worker):
// started on first use, reused while busy or recently used, terminated after the idle spell, and
// started again lazily by the next call.
import { expose } from 'comlink';
import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { idleWorker, type WorkerEndpoint } from './idle-worker';

const IDLE_MS = 40;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// `hold` answers only when the test says so: a long export, without betting on the machine's speed.
let release: (() => void) | null = null;
const api = {
  echo: (text: string) => text,
  hold: () =>
    new Promise<string>((resolve) => {
      release = () => resolve('released');
    }),
};

/** Every worker started, and whether it was terminated. */
let started: { terminated: boolean }[] = [];
const closers: (() => void)[] = [];
afterEach(() => {
  closers.splice(0).forEach((close) => close());
  started = [];
  release = null;
});

function start(): WorkerEndpoint {
  const { port1, port2 } = new MessageChannel();
  expose(api, port1 as unknown as Parameters<typeof expose>[1]);
  const state = { terminated: false };
  started.push(state);
  const close = () => {
    port1.close();
    port2.close();
  };
  closers.push(close);
  return Object.assign(port2 as unknown as WorkerEndpoint, {
    terminate: () => {
      state.terminated = true;
      close();
    },
  });
}

describe('idle worker', () => {
  it('starts on first use and keeps one worker while calls follow each other', async () => {
    const worker = idleWorker<typeof api>(start, IDLE_MS);
    expect(started).toHaveLength(0);
    expect(await worker.call((remote) => remote.echo('a'))).toBe('a');
    expect(await worker.call((remote) => remote.echo('b'))).toBe('b');
    expect(started).toEqual([{ terminated: false }]);
  });

  it('terminates the worker after the idle spell and starts a new one for the next call', async () => {
    const worker = idleWorker<typeof api>(start, IDLE_MS);
    await worker.call((remote) => remote.echo('a'));
    await sleep(IDLE_MS * 4);
    expect(started).toEqual([{ terminated: true }]);
    expect(await worker.call((remote) => remote.echo('again'))).toBe('again');
    expect(started).toEqual([{ terminated: true }, { terminated: false }]);
  });

  it('never terminates a worker while a call is under way', async () => {
    const worker = idleWorker<typeof api>(start, IDLE_MS);
    const long = worker.call((remote) => remote.hold());
    while (!release) await sleep(5);
    // A short call finishing meanwhile must not start the idle clock: the long one is still running.
    expect(await worker.call((remote) => remote.echo('short'))).toBe('short');
    await sleep(IDLE_MS * 4);
    expect(started).toEqual([{ terminated: false }]);
    release();
    expect(await long).toBe('released');
    await sleep(IDLE_MS * 4);
    expect(started).toEqual([{ terminated: true }]);
  });

  it('lets a failed start reject the call, and tries again on the next one', async () => {
    let fail = true;
    const worker = idleWorker<typeof api>(() => {
      if (fail) throw new Error('worker failed to start');
      return start();
    }, IDLE_MS);
    await expect(worker.call((remote) => remote.echo('a'))).rejects.toThrow('worker failed to start');
    fail = false;
    expect(await worker.call((remote) => remote.echo('b'))).toBe('b');
  });
});
