import { describe, expect, it } from 'vitest';
import { readSseStream, SseParser, type SseMessage } from './sse-parser';

const encoder = new TextEncoder();

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<SseMessage[]> {
  const out: SseMessage[] = [];
  for await (const message of readSseStream(stream)) out.push(message);
  return out;
}

// What a Hono streamSSE handler writes: "event:" / "data:" lines, a blank line after each event.
const WIRE =
  '\uFEFF: keep-alive comment\r\n' +
  'event: stage\r\ndata: {"stage":"launching"}\r\n\r\n' +
  'event: retailer\ndata: {"retailer":"farmaline","name":"Crème hydratante é€"}\n\n' +
  'data: line one\rdata: line two\r\r' +
  'id: 7\nevent: result\ndata: {"done":true}\n\n' +
  'event: ignored-without-blank-line\ndata: x';

const EXPECTED: SseMessage[] = [
  { event: 'stage', data: '{"stage":"launching"}', id: '' },
  { event: 'retailer', data: '{"retailer":"farmaline","name":"Crème hydratante é€"}', id: '' },
  { event: 'message', data: 'line one\nline two', id: '' },
  { event: 'result', data: '{"done":true}', id: '7' },
];

describe('readSseStream', () => {
  it('parses a whole SSE body with mixed line endings, comments, a BOM and multi-line data', async () => {
    expect(await collect(streamOf([encoder.encode(WIRE)]))).toEqual(EXPECTED);
  });

  it('gives the same events whatever byte the network splits the stream at', async () => {
    const bytes = encoder.encode(WIRE);
    for (let cut = 1; cut < bytes.length; cut++) {
      const events = await collect(streamOf([bytes.slice(0, cut), bytes.slice(cut)]));
      expect(events, `split at byte ${cut}`).toEqual(EXPECTED);
    }
  });

  it('gives the same events when every byte arrives on its own', async () => {
    const bytes = encoder.encode(WIRE);
    const chunks = Array.from(bytes, (b) => Uint8Array.of(b));
    expect(await collect(streamOf(chunks))).toEqual(EXPECTED);
  });
});

describe('SseParser', () => {
  it('ignores events without data and unknown fields', () => {
    const parser = new SseParser();
    expect(parser.push('event: stage\n\nretry: 10\nfoo: bar\n\ndata\n\n')).toEqual([
      { event: 'message', data: '', id: '' },
    ]);
  });

  it('carries the last event ID over to later events, as the last event ID buffer does', () => {
    const parser = new SseParser();
    expect(parser.push('id: 3\ndata: a\n\ndata: b\n\nid\ndata: c\n\n')).toEqual([
      { event: 'message', data: 'a', id: '3' },
      { event: 'message', data: 'b', id: '3' },
      { event: 'message', data: 'c', id: '' },
    ]);
  });
});
