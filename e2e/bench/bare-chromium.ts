// A Chromium page driven over the DevTools protocol's pipe with only the domains a measure needs.
// Playwright enables the Runtime domain on every page, and with it V8 records a detailed stack trace
// at every Error construction, reading the source positions of each function on the stack: React DOM
// makes five Errors as it starts, inside one 200 kB function, about 35 ms at 4× that no visitor pays
// (ADR 184). `Runtime.evaluate` works without that domain, so this page reads what it needs with it.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { CHROMIUM, CHROMIUM_SWITCHES } from '../support/harness';

export interface BarePage {
  send<T = unknown>(method: string, params?: object): Promise<T>;
  /** The value of `expression` in the page (returned by value, awaited when a promise). */
  evaluate<T>(expression: string): Promise<T>;
  waitFor(expression: string, timeoutMs?: number): Promise<void>;
  /** A key pressed and released, as a keyboard sends it. */
  press(key: 'Shift'): Promise<void>;
  close(): Promise<void>;
}

type Message = { id?: number; result?: unknown; error?: { message: string } };

/** A fresh Chromium (a new profile: a first visit) with one page, attached with nothing enabled. */
export async function openBarePage(): Promise<BarePage> {
  const profile = await mkdtemp(path.join(tmpdir(), 'bare-chromium-'));
  const chrome = spawn(
    CHROMIUM,
    [...CHROMIUM_SWITCHES, '--remote-debugging-pipe', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const toChrome = chrome.stdio[3] as Writable;
  const fromChrome = chrome.stdio[4] as Readable;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let buffered = Buffer.alloc(0);
  fromChrome.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    for (let end = buffered.indexOf(0); end >= 0; end = buffered.indexOf(0)) {
      const message = JSON.parse(buffered.subarray(0, end).toString('utf8')) as Message;
      buffered = buffered.subarray(end + 1);
      const waiting = message.id === undefined ? undefined : pending.get(message.id);
      if (!waiting) continue;
      pending.delete(message.id as number);
      if (message.error) waiting.reject(new Error(message.error.message));
      else waiting.resolve(message.result);
    }
  });
  let lastId = 0;
  const call = <T>(method: string, params: object = {}, sessionId?: string) =>
    new Promise<T>((resolve, reject) => {
      lastId += 1;
      pending.set(lastId, { resolve: resolve as (value: unknown) => void, reject });
      toChrome.write(`${JSON.stringify({ id: lastId, method, params, sessionId })}\0`);
    });

  const { targetInfos } = await call<{ targetInfos: { targetId: string; type: string }[] }>('Target.getTargets');
  const target = targetInfos.find((t) => t.type === 'page');
  if (!target) throw new Error('Chromium opened no page');
  const { sessionId } = await call<{ sessionId: string }>('Target.attachToTarget', {
    targetId: target.targetId,
    flatten: true,
  });
  const send = <T>(method: string, params: object = {}) => call<T>(method, params, sessionId);
  const evaluate = async <T>(expression: string) => {
    const answer = await send<{ result: { value: T }; exceptionDetails?: { text: string } }>('Runtime.evaluate', {
      expression,
      returnByValue: true,
      awaitPromise: true,
    });
    if (answer.exceptionDetails) throw new Error(`${expression}: ${answer.exceptionDetails.text}`);
    return answer.result.value;
  };
  return {
    send,
    evaluate,
    async waitFor(expression, timeoutMs = 60_000) {
      for (const end = Date.now() + timeoutMs; Date.now() < end; await sleep(200))
        if (await evaluate<boolean>(`!!(${expression})`)) return;
      throw new Error(`timed out waiting for ${expression}`);
    },
    async press(key) {
      const event = { key, code: `${key}Left`, windowsVirtualKeyCode: 16 };
      await send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...event });
      await send('Input.dispatchKeyEvent', { type: 'keyUp', ...event });
    },
    async close() {
      if (chrome.exitCode === null) {
        // Closed the way a person closes it, so its helper processes end with it; killed if it hangs.
        const exited = new Promise((resolve) => chrome.once('exit', resolve));
        await Promise.race([call('Browser.close').catch(() => undefined), sleep(5_000)]);
        await Promise.race([exited, sleep(5_000)]);
        if (chrome.exitCode === null) chrome.kill('SIGKILL');
      }
      // Chromium's helper processes may still be writing to the profile for a moment after it exits.
      await rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };
}
