import { readEventStream, searchUrl } from '../src/features/search/testing/sse';

export type SearchTiming = { firstRetailerMs: number; completeMs: number };

/** One streamed search, timed from the request to the first retailer event and to the result. */
export async function timeStreamedSearch(base: string, q: string): Promise<SearchTiming> {
  const started = performance.now();
  let firstRetailerMs = Number.NaN;
  let completeMs = Number.NaN;
  const response = await fetch(searchUrl(base, q), { headers: { accept: 'text/event-stream' } });
  await readEventStream(response, (event) => {
    const at = performance.now() - started;
    if (event.event === 'retailer' && Number.isNaN(firstRetailerMs)) firstRetailerMs = at;
    if (event.event === 'result') completeMs = at;
  });
  return { firstRetailerMs, completeMs };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}
