import { Hono, type MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import { answerHeaders, finishedAnswer, onAnswer, type AnswerHeaders } from './answer-headers';

/** A middleware that appends its name to X-Order once the answer is made, and counts its runs. */
function marker(name: string, runs: string[]): MiddlewareHandler {
  return (c, next) => {
    onAnswer(c, (headers) => {
      runs.push(name);
      headers.set('X-Order', `${headers.get('X-Order') ?? ''}${name};`);
      if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
      headers.delete('X-Powered-By');
    });
    return next();
  };
}

function appWith(runs: string[]): Hono {
  const app = new Hono();
  const last = (headers: AnswerHeaders) => headers.set('X-Order', `${headers.get('X-Order') ?? ''}last;`);
  app.use('*', answerHeaders(last), marker('outer', runs), marker('inner', runs));
  const headers = { 'Content-Type': 'application/json', Vary: 'Accept', 'X-Powered-By': 'x' };
  app.get('/body', (c) => c.body('{}', 200, headers));
  app.get('/finished', (c) => finishedAnswer(c, new TextEncoder().encode('{}'), 200, headers));
  app.get('/cached', (c) => finishedAnswer(c, '{}', 200, { ...headers, 'Cache-Control': 'max-age=60' }));
  app.get('/constructor', (c) =>
    finishedAnswer(c, '{}', 200, { ...headers, 'X-Order': 'constructor;', constructor: 'no' }),
  );
  app.get('/boom', () => {
    throw new Error('boom');
  });
  app.onError((_error, c) => c.json({ code: 'internal' }, 500));
  return app;
}

describe('answer headers', () => {
  it('runs every finisher on every kind of answer, innermost first, as code after `await next()` would, then those given to answerHeaders()', async () => {
    const runs: string[] = [];
    const app = appWith(runs);
    for (const path of ['/body', '/boom', '/missing']) {
      const res = await app.request(path);
      expect(res.headers.get('x-order'), path).toBe('inner;outer;last;');
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
    expect(runs).toEqual(['inner', 'outer', 'inner', 'outer', 'inner', 'outer']);
  });

  it('gives a finished answer the same headers as the body and the finishers would, each finisher once', async () => {
    const runs: string[] = [];
    const app = appWith(runs);
    const [viaBody, finished] = [await app.request('/body'), await app.request('/finished')];
    expect(Object.fromEntries(finished.headers)).toEqual(Object.fromEntries(viaBody.headers));
    expect(finished.headers.get('x-powered-by')).toBeNull();
    expect(await finished.text()).toBe('{}');
    expect(runs).toEqual(['inner', 'outer', 'inner', 'outer']);
    // A header the route sets itself stays: the finishers see it, whatever its case.
    expect((await app.request('/cached')).headers.get('cache-control')).toBe('max-age=60');
    // A header named like an Object method is a header like any other.
    expect((await app.request('/constructor')).headers.get('x-order')).toBe('constructor;inner;outer;last;');
  });

  it('refuses a middleware that adds headers with no answerHeaders() in front, naming it', async () => {
    const app = new Hono();
    app.use('*', marker('alone', []));
    app.get('/', (c) => c.text('ok'));
    app.onError((error, c) => c.text(error.message, 500));
    expect(await (await app.request('/')).text()).toBe(
      'answerHeaders() must run before a middleware that adds headers to the answer',
    );
  });
});
