/**
 * A job the server repeats: the purges, the backup, the price alerts' checks. Modules return the jobs
 * they own; server.ts hands every one to the scheduler in jobs/repeating-job.ts (ADR 144). The type lives on
 * the floor, so features declare their jobs without importing the jobs folder.
 */
export interface RepeatingJob {
  /** Names the job in the log: a failed run is logged as "<name> failed". */
  name: string;
  /** Time from the end of one run to the start of the next, in ms; 0 or less: never scheduled. */
  everyMs: number;
  /** One run, synchronous or not; what it throws or rejects is logged, never thrown. */
  run: () => unknown;
  /** Delay before the first run, read when the job starts (default: none, it runs at start-up). */
  firstRunInMs?: () => number;
}
