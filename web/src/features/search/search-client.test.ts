import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchEvent } from '@pharmaradar/shared/search.schema';
import { SearchFailure, streamSearch } from './search-client';
import { dafalganResult, dafalganStream, FARMALINE } from './testing/search-fixtures';
import { json, sse, sseFrame, startTestServer, type TestServer } from '../../test/fakes/search-api-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function run(query = 'dafalgan') {
  const events: SearchEvent[] = [];
  const result = await streamSearch({ query, locale: 'nl', baseUrl: server.url, onEvent: (e) => events.push(e) });
  return { events, result };
}

describe('streamSearch against a real SSE server', () => {
  it('asks for an event stream in the UI language and delivers every event in order, then the result', async () => {
    const sent = dafalganStream();
    server.handle(sse(sent));
    const { events, result } = await run('vitamine C');
    const last = server.requests.at(-1)!;
    expect(last.path).toBe('/api/search?q=vitamine+C&lang=nl');
    expect(last.accept).toBe('text/event-stream');
    expect(last.acceptLanguage).toBe('nl');
    expect(events).toEqual(sent);
    expect(result).toEqual(dafalganResult());
  });

  it('skips comments, unknown events and events whose data does not match the schema', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(': ping\n\n');
      res.write(sseFrame('mystery', { x: 1 }));
      res.write(sseFrame('retailer', { retailer: 'farmaline', status: 'teleported' }));
      res.write('event: stage\ndata: {not json\n\n');
      res.write(sseFrame('retailer', { retailer: 'farmaline', status: 'ok', ms: 3, offers: [FARMALINE] }));
      res.end(sseFrame('result', dafalganResult()));
    });
    const { events } = await run();
    expect(events.map((e) => e.event)).toEqual(['retailer', 'result']);
  });

  it('accepts a plain JSON answer too', async () => {
    server.handle(json(200, dafalganResult({ cached: true })));
    const { events, result } = await run();
    expect(result.cached).toBe(true);
    expect(events).toHaveLength(1);
  });

  it('turns an API error answer into a SearchFailure with its code and translated detail', async () => {
    server.handle(json(429, { code: 'rate_limited', detail: 'Te veel zoekopdrachten.' }));
    await expect(run()).rejects.toMatchObject({ code: 'rate_limited', status: 429, detail: 'Te veel zoekopdrachten.' });
  });

  it('turns an error event in the stream into a SearchFailure', async () => {
    server.handle(
      sse([
        { event: 'stage', data: { stage: 'launching', demo: true } },
        { event: 'error', data: { code: 'internal', detail: 'Interne fout.' } },
      ]),
    );
    await expect(run()).rejects.toMatchObject({ code: 'internal', detail: 'Interne fout.' });
  });

  it('fails with "incomplete" when the stream ends without a result', async () => {
    server.handle(sse([{ event: 'stage', data: { stage: 'launching', demo: true } }]));
    await expect(run()).rejects.toMatchObject({ code: 'incomplete' });
  });

  it('fails with "network" when nothing listens', async () => {
    const gone = await startTestServer();
    await gone.close();
    const error = await streamSearch({ query: 'x', locale: 'fr', baseUrl: gone.url }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SearchFailure);
    expect((error as SearchFailure).code).toBe('network');
  });

  it('fails with "timeout" when the server never finishes', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(sseFrame('stage', { stage: 'launching', demo: true }));
    });
    await expect(streamSearch({ query: 'x', locale: 'fr', baseUrl: server.url, timeoutMs: 200 })).rejects.toMatchObject(
      { code: 'timeout' },
    );
  });

  it('fails with "aborted" when the caller cancels', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(sseFrame('stage', { stage: 'launching', demo: true }));
    });
    const controller = new AbortController();
    const pending = streamSearch({
      query: 'x',
      locale: 'fr',
      baseUrl: server.url,
      signal: controller.signal,
      onEvent: () => controller.abort(),
    });
    await expect(pending).rejects.toMatchObject({ code: 'aborted' });
  });
});
