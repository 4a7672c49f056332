// SSE parse time (ADR 137): the app's parser (eventsource-parser underneath) against
// the former per-character one, on a ~478 kB event stream shaped like a Pro batch (one `product` event
// per CNK with its offers, then `done`), fed in 16 kB decoded chunks as the network hands them over.
import { performance } from 'node:perf_hooks';
import { SseParser, type SseMessage } from '../src/lib/api/sse-parser';
import { PerCharSseParser } from './sse-parser-per-char';

export type SseBenchRow = { parser: string; events: number; ms: number };
export type SseBench = { bytes: number; rows: SseBenchRow[]; ratio: number };

const RETAILERS = ['farmaline', 'medi-market', 'multipharma'];

/** An event stream of about `targetBytes` bytes, as the server's streamSSE writes it. */
export function sseStream(targetBytes: number): string {
  const parts = ['event: stage\ndata: {"stage":"launching"}\n\n'];
  const encoder = new TextEncoder();
  let size = encoder.encode(parts[0]).length;
  for (let i = 0; size < targetBytes; i++) {
    const cnk = String(1_000_000 + i);
    const offers = RETAILERS.map((retailer, r) => ({
      retailer,
      price: Math.round((3 + (i % 97) / 3 + r) * 100) / 100,
      currency: 'EUR',
      url: `https://${retailer}.example/p/${cnk}-creme-hydratante-50-ml`,
      best: r === 0,
      brand: 'Laboratoire Démo',
      cnk,
      searchedCode: cnk,
      image: `https://${retailer}.example/img/${cnk}.jpg`,
      inStock: true,
    }));
    const event = `event: product\ndata: ${JSON.stringify({ cnk, name: `Crème hydratante ${i} — 50 ml`, offers })}\n\n`;
    parts.push(event);
    size += encoder.encode(event).length;
  }
  parts.push('event: done\ndata: {}\n\n');
  return parts.join('');
}

function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

function timeParse(parser: { push(text: string): SseMessage[] }, pieces: string[]): { events: number; ms: number } {
  const started = performance.now();
  let events = 0;
  for (const piece of pieces) events += parser.push(piece).length;
  return { events, ms: performance.now() - started };
}

/** Best of `runs` for each parser (after one untimed warm-up run), so one slow run on a shared machine counts less. */
export function runSseBench(targetBytes = 478_000, runs = 5): SseBench {
  const text = sseStream(targetBytes);
  const pieces = chunks(text, 16 * 1024);
  const parsers = [
    { parser: 'eventsource-parser (app)', make: () => new SseParser() },
    { parser: 'per character (former)', make: () => new PerCharSseParser() },
  ];
  const rows = parsers.map(({ parser, make }) => {
    timeParse(make(), pieces);
    let best = { events: 0, ms: Number.POSITIVE_INFINITY };
    for (let i = 0; i < runs; i++) {
      const run = timeParse(make(), pieces);
      if (run.ms < best.ms) best = run;
    }
    return { parser, ...best };
  });
  return { bytes: new TextEncoder().encode(text).length, rows, ratio: rows[1]!.ms / rows[0]!.ms };
}

export function formatSseBench(bench: SseBench): string {
  return [
    `\nPharmaRadar SSE parse of a ${(bench.bytes / 1000).toFixed(0)} kB Pro batch stream in 16 kB chunks (best of 5 runs)`,
    '| parser | events | parse time |',
    '|--------|--------|------------|',
    ...bench.rows.map((r) => `| ${r.parser} | ${r.events.toLocaleString('en-US')} | ${r.ms.toFixed(2)} ms |`),
    `Ratio: the former per-character parser takes ${bench.ratio.toFixed(1)}x the time of the app's parser.`,
  ].join('\n');
}
