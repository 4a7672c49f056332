// When an open Pro tool asks the server for the other devices' changes (docs/decisions/218): while it is
// on screen and online, on coming back to it, and on a modest interval. Hidden or offline, nothing runs.

/** `stop`: the session or the plan is gone; no pull until the next start. */
export type PullResult = 'ok' | 'failed' | 'stop';

export interface PullSchedulerOptions {
  /** Between two pulls while the tool stays on screen. */
  everyMs?: number;
  /** The longest wait after failures in a row (the wait doubles with each). */
  maxBackoffMs?: number;
  /** A focus right after a pull (focus and visibilitychange come together) asks nothing more. */
  minGapMs?: number;
}

const onScreen = () => typeof document === 'undefined' || document.visibilityState === 'visible';
const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * Runs `pull` on the rules above, never two at a time: a pull asked for while one runs is dropped
 * (the one running brings the same changes). Each failure doubles the wait before the next pull.
 */
export function createPullScheduler(pull: () => Promise<PullResult>, options: PullSchedulerOptions = {}) {
  let everyMs = options.everyMs ?? 12_000;
  const maxBackoffMs = options.maxBackoffMs ?? 5 * 60_000;
  const minGapMs = options.minGapMs ?? 1_000;
  let started = false;
  let running = false;
  let failures = 0;
  let lastEnd = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const clear = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const arm = () => {
    clear();
    if (!started || !onScreen() || !online()) return;
    timer = setTimeout(() => void now(), Math.min(everyMs * 2 ** failures, maxBackoffMs));
  };

  async function now(): Promise<void> {
    if (!started || running || !onScreen() || !online()) return;
    clear();
    running = true;
    const result = await pull().catch((): PullResult => 'failed');
    running = false;
    lastEnd = Date.now();
    if (result === 'stop') return stop();
    failures = result === 'failed' ? failures + 1 : 0;
    arm();
  }

  /** Back on screen: pull now (unless one just ended); gone from it: the interval stops. */
  const onWake = () => {
    if (!onScreen() || !online()) return clear();
    if (Date.now() - lastEnd < minGapMs) return arm();
    void now();
  };
  // Back online, the controller's own sync runs: the interval only starts again.
  const onOnline = () => arm();
  const onOffline = () => clear();

  function stop(): void {
    if (!started) return;
    started = false;
    clear();
    window.removeEventListener('focus', onWake);
    document.removeEventListener('visibilitychange', onWake);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
  }

  return {
    /** The tool is open: the interval starts (the controller made the first sync itself). */
    start(): void {
      if (started) return;
      started = true;
      failures = 0;
      window.addEventListener('focus', onWake);
      document.addEventListener('visibilitychange', onWake);
      window.addEventListener('online', onOnline);
      window.addEventListener('offline', onOffline);
      arm();
    },
    stop,
    /** The server says how often to pull (PRO_PULL_EVERY_S): the wait armed after each sync follows it. */
    setEvery(ms: number): void {
      everyMs = ms;
    },
    /** A sync ran for another reason (a change pushed, a reconnect): the next pull counts from now. */
    synced(ok: boolean): void {
      lastEnd = Date.now();
      failures = ok ? 0 : failures;
      if (!running) arm();
    },
  };
}
