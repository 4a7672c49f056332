import type { Context, MiddlewareHandler } from 'hono';
import { stringMemo } from './string-memo';

/** An answer's headers as a finisher reads and writes them: the `Headers` object, or a plain record. */
export interface AnswerHeaders {
  get(name: string): string | null;
  has(name: string): boolean;
  set(name: string, value: string): void;
  delete(name: string): void;
}

/** What a middleware adds to the answer once it is made, from what the answer already carries. */
export type Finisher = (headers: AnswerHeaders) => void;

declare module 'hono' {
  interface ContextVariableMap {
    /** The finishers the middlewares registered for this request's answer (see answerHeaders). */
    answerFinishers: Finisher[];
  }
}

/** Answers made by `finishedAnswer`: their finishers already ran on their plain record. */
const finished = new WeakSet<Response>();

/**
 * Outermost middleware: the headers the others add to every answer (security, request id, defaults)
 * are written once the answer is made, whatever it is (a page, a file, an error, a stream), each
 * finisher in the order its `await next()` code would have run: the innermost first. An answer built
 * by `finishedAnswer` already carries them, written into a plain record without a `Headers` object,
 * which costs a hot answer (a cached search) more than anything else it does (ADR 260).
 * `last`: what every answer gets after everything else (the security headers).
 */
export function answerHeaders(...last: Finisher[]): MiddlewareHandler {
  const outermost = last.toReversed();
  return async (c, next) => {
    const finishers: Finisher[] = [...outermost];
    c.set('answerFinishers', finishers);
    await next();
    if (finished.has(c.res)) return;
    finishAll(finishers, c.res.headers);
  };
}

/** `finish` runs on the request's answer once it is made: the code a middleware would run after `await next()`. */
export function onAnswer(c: Context, finish: Finisher): void {
  const finishers = c.get('answerFinishers');
  if (!finishers) throw new Error('answerHeaders() must run before a middleware that adds headers to the answer');
  finishers.push(finish);
}

/**
 * The answer `body` with `headers` and every finisher's, written once into a plain record (lower-case
 * names, as a `Headers` object sends them): the same headers on the wire as `c.body(body, status, headers)`
 * followed by the finishers, without the `Headers` object. Hono keeps what `c.header()` set before the
 * handler for `c.body()` only, out of reach here: that is why middlewares add theirs through `onAnswer`.
 */
export function finishedAnswer(
  c: Context,
  body: Uint8Array<ArrayBuffer> | string,
  status: number,
  headers: Record<string, string>,
): Response {
  const record: Record<string, string> = {};
  for (const name in headers) record[lowerCase(name)] = headers[name]!;
  finishAll(c.get('answerFinishers') ?? [], plainHeaders(record));
  const answer = new Response(body, { status, headers: record });
  finished.add(answer);
  return answer;
}

function finishAll(finishers: readonly Finisher[], headers: AnswerHeaders): void {
  for (let i = finishers.length - 1; i >= 0; i--) finishers[i]!(headers);
}

/** Header names come from the code, a few dozen of them: each is lower-cased once. */
const lowerCase = stringMemo(1024, (name) => name.toLowerCase());

function plainHeaders(record: Record<string, string>): AnswerHeaders {
  return {
    // Own properties only: a header named like an Object method is just a header.
    get: (name) => {
      const key = lowerCase(name);
      return Object.hasOwn(record, key) ? record[key]! : null;
    },
    has: (name) => Object.hasOwn(record, lowerCase(name)),
    set: (name, value) => {
      record[lowerCase(name)] = value;
    },
    delete: (name) => {
      delete record[lowerCase(name)];
    },
  };
}
