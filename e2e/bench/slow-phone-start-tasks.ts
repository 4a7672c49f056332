// Which long tasks the app's own start makes on the slow phone (ADR 184), named by the start's
// User Timing marks (web/src/lib/perf/start-marks.ts): the home page, where the app starts on a key
// outside the search form, and a product page opened cold (its prices not cached), where it starts
// on a key once the drawn page has its prices (or by itself when it could not complete them). Each
// run is a fresh Chromium driven without Playwright (bare-chromium.ts): Playwright's Runtime domain
// makes V8 re-parse React DOM as it starts, a cost no visitor pays. `npm run bench -w e2e -- start-tasks`.
import { setTimeout as sleep } from 'node:timers/promises';
import { startApp, type AppHandle } from '../support/harness';
import { openBarePage, type BarePage } from './bare-chromium';
import { slowDownBarePage } from './slow-phone-profile';

export const START_TASK_RUNS = 3;
/** The browser reports tasks over 50 ms; the start is over once its effects ran and this has passed. */
const QUIET_AFTER_MS = 2_500;

export interface StartTask {
  /** The marks run inside the task, or "after <mark>" when none did. */
  label: string;
  /** From the start (the key, or the navigation for a product page). */
  atMs: number;
  durationMs: number;
}

export interface StartTasksReport {
  home: StartTask[][];
  product: StartTask[][];
  homeFrames: StartFrame[][];
  productFrames: StartFrame[][];
}

/**
 * A long animation frame: its tasks and the rendering after them (style and layout, which a long task
 * entry leaves out: the takeover's layout of the whole page is there).
 */
export interface StartFrame {
  label: string;
  atMs: number;
  durationMs: number;
  /** Style and layout of the frame's rendering. */
  layoutMs: number;
}

type Span = { at: number; duration: number };
type Timeline = { tasks: Span[]; frames: (Span & { layoutAt: number })[]; marks: { name: string; at: number }[] };

function watchTimeline(): void {
  const w = window as unknown as { __startTasks: Timeline };
  w.__startTasks = { tasks: [], frames: [], marks: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__startTasks.tasks.push({ at: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { styleAndLayoutStart: number })[])
      w.__startTasks.frames.push({ at: e.startTime, duration: e.duration, layoutAt: e.styleAndLayoutStart });
  }).observe({ type: 'long-animation-frame', buffered: true });
}

async function readTimeline(page: BarePage): Promise<Timeline> {
  return page.evaluate<Timeline>(`(() => {
    const t = window.__startTasks;
    const marks = performance
      .getEntriesByType('mark')
      .filter((m) => m.name.startsWith('pharmaradar:'))
      .map((m) => ({ name: m.name.slice('pharmaradar:'.length), at: m.startTime }));
    return { tasks: t.tasks, frames: t.frames, marks };
  })()`);
}

/** The marks placed during `span`, or the marks around it when none was. */
function labelOf(timeline: Timeline, span: Span): string {
  const inside = timeline.marks.filter((m) => m.at >= span.at && m.at <= span.at + span.duration);
  if (inside.length) return inside.map((m) => m.name).join(' + ');
  const before = timeline.marks.filter((m) => m.at < span.at).at(-1)?.name ?? 'the page load';
  const after = timeline.marks.find((m) => m.at > span.at + span.duration)?.name;
  return after ? `between ${before} and ${after}` : `after ${before}`;
}

/** Names each task from `from` on by the marks inside it (a mark is placed while its task runs). */
export function nameTasks(timeline: Timeline, from: number): StartTask[] {
  return timeline.tasks
    .filter((task) => task.at + task.duration >= from)
    .map((task) => ({
      label: labelOf(timeline, task),
      atMs: Math.round(task.at - from),
      durationMs: Math.round(task.duration),
    }));
}

export function nameFrames(timeline: Timeline, from: number): StartFrame[] {
  return timeline.frames
    .filter((frame) => frame.at + frame.duration >= from)
    .map((frame) => ({
      label: labelOf(timeline, frame),
      atMs: Math.round(frame.at - from),
      durationMs: Math.round(frame.duration),
      layoutMs: frame.layoutAt > 0 ? Math.round(frame.at + frame.duration - frame.layoutAt) : 0,
    }));
}

async function untilStarted(page: BarePage): Promise<void> {
  await page.waitFor("performance.getEntriesByName('pharmaradar:start:effects').length > 0");
  await sleep(QUIET_AFTER_MS);
}

type Run = { tasks: StartTask[]; frames: StartFrame[] };

/**
 * A first visit of `url` on the slow phone, its timeline watched from the start: once `ready` has
 * resolved (true: the app waits for a sign of intent), a key starts the app, and the tasks from
 * that moment are named.
 */
async function startRun(url: string, ready: (page: BarePage) => Promise<boolean>): Promise<Run> {
  const page = await openBarePage();
  try {
    await slowDownBarePage(page);
    await page.send('Page.enable');
    await page.send('Page.addScriptToEvaluateOnNewDocument', { source: `(${watchTimeline.toString()})()` });
    await page.send('Page.navigate', { url });
    await page.waitFor("document.readyState === 'complete'");
    const waitsForKey = await ready(page);
    const from = await page.evaluate<number>('performance.now()');
    // A key outside the search form starts the app at once (ADR 120/168), as the journeys' waitForApp.
    if (waitsForKey) await page.press('Shift');
    await untilStarted(page);
    const timeline = await readTimeline(page);
    return { tasks: nameTasks(timeline, from), frames: nameFrames(timeline, from) };
  } finally {
    await page.close();
  }
}

const homeRun = (app: AppHandle) => startRun(`${app.url}/`, () => sleep(1_000).then(() => true));

// Completed in place, the page is whole and waits for a sign of intent like the home page (ADR 121);
// a page that could not complete its prices starts the app by itself.
const productRun = (url: string) =>
  startRun(url, async (page) => {
    await page.waitFor("document.querySelector('#root[data-first-screen-whole], #root:not([data-first-screen])')");
    return page.evaluate<boolean>("!!document.querySelector('#root[data-first-screen]')");
  });

/** Product pages of a `nurofen` search: named by it, their own prices not asked yet (cold). */
async function productPages(app: AppHandle): Promise<string[]> {
  const response = await fetch(`${app.url}/api/search/?q=nurofen`, { headers: { Accept: 'application/json' } });
  const answer = (await response.json()) as { products: { slug: string | null }[] };
  const slugs = answer.products.flatMap((p) => (p.slug ? [p.slug] : []));
  if (slugs.length < START_TASK_RUNS) throw new Error(`the demo search found ${slugs.length} product pages`);
  return slugs.slice(0, START_TASK_RUNS).map((slug) => `${app.url}/${slug}`);
}

export async function runStartTasksBench(): Promise<StartTasksReport> {
  const app = await startApp({ LOG_LEVEL: 'warn', SEARCH_RATE_LIMIT_PER_MIN: '10000' });
  try {
    const report: StartTasksReport = { home: [], product: [], homeFrames: [], productFrames: [] };
    for (let i = 0; i < START_TASK_RUNS; i += 1) {
      const run = await homeRun(app);
      report.home.push(run.tasks);
      report.homeFrames.push(run.frames);
    }
    for (const url of await productPages(app)) {
      const run = await productRun(url);
      report.product.push(run.tasks);
      report.productFrames.push(run.frames);
    }
    return report;
  } finally {
    await app.stop();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export function formatStartTasks(report: StartTasksReport): string {
  const lines = [
    'Long tasks of the app’s start on the slow phone (CPU 4×, 1.6 Mbps, 150 ms), ms',
    '(Chromium over a bare DevTools pipe, no Runtime domain: as a visitor’s browser runs, ADR 184)',
    '',
  ];
  for (const [name, runs, frames] of [
    ['home page (from the key that starts the app)', report.home, report.homeFrames],
    ['cold product page (from the key, once its prices are drawn)', report.product, report.productFrames],
  ] as const) {
    lines.push(name);
    runs.forEach((tasks, i) =>
      lines.push(`  run ${i + 1}: ${tasks.map((t) => `${t.label} ${t.durationMs} @${t.atMs}`).join(', ') || 'none'}`),
    );
    const labels = [...new Set(runs.flatMap((tasks) => tasks.map((t) => t.label)))];
    for (const label of labels) {
      // The longest task of that name in each run, 0 where a run had none.
      const longest = runs.map((tasks) =>
        Math.max(0, ...tasks.filter((t) => t.label === label).map((t) => t.durationMs)),
      );
      lines.push(`  ${label}: median ${median(longest)} (${longest.join(', ')})`);
    }
    lines.push('  long animation frames (a frame’s tasks and its rendering; style and layout in brackets):');
    frames.forEach((list, i) =>
      lines.push(
        `    run ${i + 1}: ${list.map((f) => `${f.label} ${f.durationMs} [${f.layoutMs}] @${f.atMs}`).join(', ') || 'none'}`,
      ),
    );
    lines.push('');
  }
  return lines.join('\n');
}
