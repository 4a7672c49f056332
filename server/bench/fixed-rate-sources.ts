// A fixed-rate HTTP load from several loopback source addresses, for the load test's login scenario:
// the server limits logins per client address (50 / 15 min), so from one address a load test would
// mostly measure that limit. Linux routes all of 127.0.0.0/8 to the loopback interface, so a client
// can bind 127.0.0.2, 127.0.0.3…; where it cannot (macOS has only 127.0.0.1), the caller falls back
// to one address and reports the limit's 429s apart from the errors.
import http from 'node:http';

/** Logins one address sends at most during a run: below the server's 50 per 15 min and connection. */
export const LOGINS_PER_SOURCE = 40;

export interface FixedRateRequest {
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** What the report needs from a run (autocannon's result is reduced to the same). */
export interface RunResult {
  sent: number;
  /** Socket errors (refused, reset…). */
  errors: number;
  timeouts: number;
  non2xx: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
}

/** 127.0.0.2, 127.0.0.3… (`count` of them; 127.0.0.1 stays the other scenarios' address). */
export function loopbackSources(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 2;
    return `127.0.${Math.floor(n / 256)}.${n % 256}`;
  });
}

/** How many source addresses keep `rate` requests/s for `seconds` under LOGINS_PER_SOURCE each. */
export function sourcesFor(rate: number, seconds: number): number {
  return Math.max(1, Math.ceil((rate * seconds) / LOGINS_PER_SOURCE));
}

function send(
  url: URL,
  request: FixedRateRequest,
  agent: http.Agent,
  localAddress: string | undefined,
  timeoutMs: number,
) {
  return new Promise<number>((resolve, reject) => {
    const req = http.request(
      url,
      { method: request.method ?? 'GET', headers: request.headers, agent, ...(localAddress ? { localAddress } : {}) },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
    req.on('error', reject);
    req.end(request.body);
  });
}

/** Whether this machine lets a client bind 127.0.0.2 (one request to `baseUrl`). */
export async function canBindLoopbackSources(baseUrl: string): Promise<boolean> {
  const agent = new http.Agent();
  try {
    await send(new URL('/api/health/', baseUrl), { path: '/api/health/' }, agent, loopbackSources(1)[0], 5000);
    return true;
  } catch {
    return false;
  } finally {
    agent.destroy();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * Offers `rate` requests/s for `seconds`, request i from source i mod n (round robin), each on its
 * source's keep-alive agent; answers are awaited up to `timeoutMs`. `sources` empty: the default one.
 */
export function fireFromSources(
  baseUrl: string,
  request: FixedRateRequest,
  options: { rate: number; seconds: number; sources: string[]; timeoutMs?: number },
): { done: Promise<RunResult>; stop(): void } {
  const url = new URL(request.path, baseUrl);
  const sources = options.sources.length > 0 ? options.sources : [undefined];
  const agents = sources.map(() => new http.Agent({ keepAlive: true }));
  const result: RunResult = { sent: 0, errors: 0, timeouts: 0, non2xx: 0, p50: 0, p99: 0, statuses: {} };
  const latencies: number[] = [];
  const pending = new Set<Promise<void>>();
  const total = Math.round(options.rate * options.seconds);
  const start = performance.now();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const one = (i: number) => {
    const index = i % sources.length;
    const started = performance.now();
    result.sent += 1;
    const answer = send(url, request, agents[index]!, sources[index], options.timeoutMs ?? 10_000).then(
      (status) => {
        latencies.push(performance.now() - started);
        result.statuses[status] = (result.statuses[status] ?? 0) + 1;
        if (status < 200 || status >= 300) result.non2xx += 1;
      },
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ETIMEDOUT') result.timeouts += 1;
        else result.errors += 1;
      },
    );
    const tracked = answer.finally(() => pending.delete(tracked));
    pending.add(tracked);
  };

  let finish: () => void = () => {};
  const done = new Promise<RunResult>((resolve) => {
    let finished = false;
    finish = () => {
      if (finished) return;
      finished = true;
      void Promise.all([...pending]).then(() => {
        latencies.sort((a, b) => a - b);
        result.p50 = percentile(latencies, 50);
        result.p99 = percentile(latencies, 99);
        agents.forEach((agent) => agent.destroy());
        resolve(result);
      });
    };
  });
  let i = 0;
  // Each request at its own time from the start (no drift), several at once if the loop was late.
  const tick = () => {
    const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * options.rate) + 1);
    while (!stopped && i < due) one(i++);
    if (stopped || i >= total) return finish();
    timer = setTimeout(tick, Math.max(0, Math.round((i / options.rate) * 1000 - (performance.now() - start))));
  };
  tick();
  return {
    done,
    stop: () => {
      stopped = true;
      clearTimeout(timer);
      finish();
    },
  };
}
