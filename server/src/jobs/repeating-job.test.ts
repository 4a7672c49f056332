import { describe, expect, it } from 'vitest';
import { createLogger } from '../lib/log';
import { createJobScheduler } from './repeating-job';
import type { RepeatingJob } from '../lib/repeating-job';

// The one job scheduler (ADR 144): the purges, the backup and the price alerts' checks all start
// through it, so what it promises is what every repeating job of the server does.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function recordingLog() {
  const lines: string[] = [];
  return { log: createLogger({ level: 'error', write: (line) => lines.push(line) }), lines };
}

describe('job scheduler', () => {
  it('runs a job due now inside start(), then again every interval, until stop()', async () => {
    const { log } = recordingLog();
    const jobs = createJobScheduler(log);
    let runs = 0;
    jobs.start({ name: 'count', everyMs: 20, run: () => (runs += 1) });
    expect(runs).toBe(1);
    await sleep(110);
    expect(runs).toBeGreaterThanOrEqual(3);
    await jobs.stop();
    const stoppedAt = runs;
    await sleep(60);
    expect(runs).toBe(stoppedAt);
    expect(jobs.jobs()).toEqual(['count']);
  });

  it('waits for the first delay when the job asks for one, and never starts a job without an interval', async () => {
    const jobs = createJobScheduler(recordingLog().log);
    let delayed = 0;
    let never = 0;
    jobs.start({ name: 'later', everyMs: 1000, run: () => (delayed += 1), firstRunInMs: () => 40 });
    jobs.start({ name: 'off', everyMs: 0, run: () => (never += 1) });
    expect(delayed).toBe(0);
    await sleep(100);
    expect(delayed).toBe(1);
    expect(never).toBe(0);
    expect(jobs.jobs()).toEqual(['later']);
    await jobs.stop();
  });

  it('never overlaps an asynchronous run with the next one: the interval counts from its end', async () => {
    const jobs = createJobScheduler(recordingLog().log);
    let running = 0;
    let most = 0;
    let runs = 0;
    const job: RepeatingJob = {
      name: 'slow',
      everyMs: 5,
      run: async () => {
        running += 1;
        runs += 1;
        most = Math.max(most, running);
        await sleep(30);
        running -= 1;
      },
    };
    jobs.start(job);
    await sleep(150);
    await jobs.stop();
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
  });

  it('logs a failed run, thrown or rejected, and runs again on the next tick', async () => {
    const { log, lines } = recordingLog();
    const jobs = createJobScheduler(log);
    let syncRuns = 0;
    let asyncRuns = 0;
    jobs.start({
      name: 'sync job',
      everyMs: 15,
      run: () => {
        syncRuns += 1;
        throw new Error('disk full');
      },
    });
    jobs.start({
      name: 'async job',
      everyMs: 15,
      run: async () => {
        asyncRuns += 1;
        throw new Error('shop down');
      },
    });
    await sleep(80);
    await jobs.stop();
    expect(syncRuns).toBeGreaterThanOrEqual(2);
    expect(asyncRuns).toBeGreaterThanOrEqual(2);
    expect(lines.some((l) => l.includes('sync job failed') && l.includes('disk full'))).toBe(true);
    expect(lines.some((l) => l.includes('async job failed') && l.includes('shop down'))).toBe(true);
  });

  it('stop() waits for a run in flight, so the database is never closed under it', async () => {
    const jobs = createJobScheduler(recordingLog().log);
    let finished = false;
    jobs.start({
      name: 'backup',
      everyMs: 1000,
      run: async () => {
        await sleep(60);
        finished = true;
      },
    });
    await jobs.stop();
    expect(finished).toBe(true);
  });
});
