/**
 * Named moments of the app's start (User Timing marks, `pharmaradar:` prefix): the slow-phone bench
 * (e2e/bench/slow-phone-start-tasks.ts) names each long task of the start by the marks it contains.
 * A mark costs microseconds and shows in a browser's performance panel too.
 */
export function markStart(phase: string): void {
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function')
    performance.mark(`pharmaradar:${phase}`);
}
