import type { FirstScreenHandover } from '../first-screen/first-screen-start';
import { markStart } from '../lib/perf/start-marks';
import { nextTask } from '../lib/perf/next-task';

/**
 * Starts the app in `container` (`firstScreen`: it holds a server-drawn page, ADR 119; `handover`:
 * what the visitor did on it before, ADR 120). The app's code is evaluated in stages, each its own
 * task (ADR 184): evaluating a module graph is one piece of work a phone cannot split, and all of the
 * app at once took about 90 ms of a slow phone, a wait for whoever types meanwhile. Every stage's
 * code was requested with this chunk (vite.config.ts), so a stage waits for no round trip.
 */
export async function boot(container: HTMLElement, firstScreen: boolean, handover?: FirstScreenHandover) {
  // React DOM first: the largest single piece of the app's code to evaluate.
  await import('./react-dom-stage');
  markStart('start:react');
  await nextTask();
  const { startApp } = await import('./start-app');
  return startApp(container, firstScreen, handover);
}
