// The slow-phone figures as printed: medians of three, in seconds, as a ratio to their physical floor,
// and against the goals of ADR 169.
import os from 'node:os';
import { KEY_INTERVAL_MS, QUERY, RUNS, type Cache, type SlowPhoneReport } from './slow-phone-bench';
import { SLOW_PHONE } from './slow-phone-profile';

/** null (never happened within the run) counts as longer than any figure. */
export function median(values: (number | null)[]): number | null {
  const sorted = values.map((v) => v ?? Infinity).sort((a, b) => a - b);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  return middle === undefined || middle === Infinity ? null : middle;
}

const seconds = (ms: number | null) => (ms === null ? 'never' : `${(ms / 1000).toFixed(2)} s`);
const ratio = (ms: number | null, floorMs: number) => (ms === null ? '∞' : `${(ms / floorMs).toFixed(1)}×`);
const runs = (values: (number | null)[]) => values.map(seconds).join(', ');

interface Line {
  what: string;
  cache: Cache | '';
  values: (number | null)[];
  floorMs: number | null;
  floorSays: string;
  goalMs: number | null;
  goalSays: string;
}

export function lines(report: SlowPhoneReport): Line[] {
  const latencies = report.shops.map((s) => report.latencyMs[s.id]);
  const fastest = Math.min(...latencies);
  const slowest = Math.max(...latencies);
  const rtt = SLOW_PHONE.rttMs;
  // Cached: one round trip brings the answer. Not cached: the shop's own time on top.
  const firstFloor = (cache: Cache) => (cache === 'cached' ? rtt : fastest + rtt);
  const allFloor = (cache: Cache) => (cache === 'cached' ? rtt : slowest + rtt);
  const floorText = (cache: Cache, shop: string) => (cache === 'cached' ? `1 RTT` : `${shop} + 1 RTT`);
  const out: Line[] = [
    {
      what: 'first paint (first contentful paint)',
      cache: '',
      values: report.usable.map((u) => u.firstPaintMs),
      floorMs: 2 * rtt,
      floorSays: 'connection + request, 2 RTT',
      goalMs: null,
      goalSays: '',
    },
    {
      what: 'search box usable (navigation → Enter handled in place)',
      cache: '',
      values: report.usable.map((u) => u.usableMs),
      // Usable as soon as it shows.
      floorMs: 2 * rtt,
      floorSays: 'connection + request, 2 RTT',
      goalMs: null,
      goalSays: '',
    },
    {
      what: 'search box usable (tap → Enter handled in place)',
      cache: '',
      values: report.usable.map((u) => u.tapToUsableMs),
      floorMs: null,
      floorSays: '',
      goalMs: null,
      goalSays: '',
    },
  ];
  // The price moments of a search and of a product page: floored by the fastest shop (first price) or
  // the slowest (all shops answered).
  const priceLine = (what: string, cache: Cache, values: (number | null)[], shop: 'fastest' | 'slowest') => ({
    what,
    cache,
    values,
    floorMs: shop === 'fastest' ? firstFloor(cache) : allFloor(cache),
    floorSays: floorText(cache, `${shop} shop`),
    goalMs: null,
    goalSays: '',
  });
  for (const cache of ['cached', 'not cached'] as const) {
    const search = report.search[cache];
    out.push(
      {
        ...priceLine(
          'Enter → first price in view',
          cache,
          search.map((r) => r.enterToFirstPriceInViewMs),
          'fastest',
        ),
        goalMs: cache === 'cached' ? 1000 : fastest + 1000,
        goalSays: cache === 'cached' ? '≤ 1.0 s' : '≤ fastest shop + 1.0 s',
      },
      priceLine(
        'Enter → first price drawn (anywhere on the page)',
        cache,
        search.map((r) => r.enterToFirstPriceDrawnMs),
        'fastest',
      ),
      {
        ...priceLine(
          'Enter → all shops answered',
          cache,
          search.map((r) => r.enterToAllShopsMs),
          'slowest',
        ),
        goalMs: slowest + 1000,
        goalSays: '≤ slowest shop + 1.0 s',
      },
      {
        what: 'longest input delay while typing',
        cache,
        values: search.map((r) => r.longestInputDelayMs),
        floorMs: null,
        floorSays: '',
        goalMs: 100,
        goalSays: '≤ 100 ms',
      },
      {
        what: 'longest task overlapping the typing',
        cache,
        values: search.map((r) => r.longestTaskWhileTypingMs),
        floorMs: null,
        floorSays: '',
        goalMs: 50,
        goalSays: '≤ 50 ms',
      },
    );
  }
  for (const cache of ['cached', 'not cached'] as const) {
    const product = report.product[cache];
    const page = 'product page by URL: navigation →';
    out.push(
      {
        ...priceLine(
          `${page} first price in view`,
          cache,
          product.map((r) => r.toFirstPriceInViewMs),
          'fastest',
        ),
        goalMs: cache === 'cached' ? 2500 : fastest + 2500,
        goalSays: cache === 'cached' ? '≤ 2.5 s' : '≤ fastest shop + 2.5 s',
      },
      priceLine(
        `${page} first price drawn`,
        cache,
        product.map((r) => r.toFirstPriceDrawnMs),
        'fastest',
      ),
      priceLine(
        `${page} all shops answered`,
        cache,
        product.map((r) => r.toAllShopsMs),
        'slowest',
      ),
    );
  }
  return out;
}

/** The line's median is within its goal (a line without a goal meets none). */
const meets = (l: Line) => {
  const m = median(l.values);
  return l.goalMs !== null && m !== null && m <= l.goalMs;
};

export function formatSlowPhoneBench(report: SlowPhoneReport): string {
  const latency = report.shops.map((s) => `${s.id} ${report.latencyMs[s.id]} ms`).join(', ');
  const measured = report.shops.map((s) => `${s.id} ${s.ms} ms`).join(', ');
  const rows = lines(report).map((l) => {
    const m = median(l.values);
    const met = l.goalMs === null ? '' : meets(l) ? 'met' : 'NOT met';
    const floor = l.floorMs === null ? '' : `${ratio(m, l.floorMs)} (${l.floorSays} = ${seconds(l.floorMs)})`;
    const goal = l.goalMs === null ? '' : `${l.goalSays}: ${met}`;
    return `| ${l.what} | ${l.cache} | ${seconds(m)} | ${floor} | ${goal} | ${runs(l.values)} |`;
  });
  const goals = lines(report).filter((l) => l.goalMs !== null);
  const met = goals.filter(meets);
  const navigated = (['cached', 'not cached'] as const)
    .map((c) => `${c}: ${report.search[c].filter((r) => r.enterNavigated).length} of ${report.search[c].length}`)
    .join(', ');
  return [
    `\nPharmaRadar on a slow phone: ${SLOW_PHONE.viewport.width}×${SLOW_PHONE.viewport.height} touch, ${SLOW_PHONE.downKbps / 1000} Mbps down, ${SLOW_PHONE.upKbps} kbps up, ${SLOW_PHONE.rttMs} ms RTT, CPU ${SLOW_PHONE.cpuSlowdown}× slower; a fresh context per run, median of ${RUNS}`,
    `Search: tap the box as it shows, type "${QUERY}" at ${KEY_INTERVAL_MS} ms a key, Enter. Demo shops (DEMO_LATENCY_MS): ${latency} (±15 % jitter); their own answer times in the first search: ${measured}.`,
    `Enter went through a page load instead of in place: ${navigated}. Service workers throttled like the page: ${report.serviceWorkersThrottled}.`,
    `Load average: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores; a loaded machine stretches every figure.`,
    '| measure | server cache | median | ratio to physical floor | goal | runs |',
    '|---------|--------------|--------|-------------------------|------|------|',
    ...rows,
    `Goals met: ${met.length} of ${goals.length}${met.length ? ` (${met.map((l) => `${l.what}${l.cache ? `, ${l.cache}` : ''}`).join('; ')})` : ''}.`,
  ].join('\n');
}
