import { Hono } from 'hono';
import type { Env } from '../../config/env';
import { appVersion } from '../../config/version';
import type { Db } from '../../db/database';
import { isCorruptionError, quickCheck } from '../../db/integrity';
import { STORAGE_RETRY_AFTER_S } from '../../lib/error-handler';
import type { Logger } from '../../lib/log';
import { createHealthRepository } from './health.repository';

/** What the health check needs from the app (app.ts wires it). */
export interface HealthDeps {
  db: Db;
  env: Pick<Env, 'RETAILERS_MODE'>;
  log: Logger;
  now: () => number;
}

/**
 * How long a write-probe result is reused. Each probe is a commit with an fsync that blocks the event
 * loop, so a flood of health requests must not become a flood of fsyncs; probes from a load balancer
 * every few seconds still see a failure within this delay.
 */
export const HEALTH_WRITE_PROBE_INTERVAL_MS = 10_000;

/**
 * How long the quick integrity check's answer is reused. It reads every page, on the event loop, so it
 * runs at the first health request and then at most this often; a read or write that SQLite answers
 * with a corruption error says `corrupt` at once (ADR 124).
 */
export const HEALTH_QUICK_CHECK_INTERVAL_MS = 15 * 60_000;

/** `ok`; `error`: a read or write fails (full disk, read-only file…); `corrupt`: damaged pages. */
export type DbState = 'ok' | 'error' | 'corrupt';

/**
 * GET /api/health/: liveness plus a real database read and write and a periodic quick integrity check,
 * for probes and the e2e harness. 503 with the database's state (`db: 'error'` or `'corrupt'`) when
 * one fails: the instance cannot be trusted with writes.
 */
export function createHealthRoutes(deps: HealthDeps): Hono {
  const routes = new Hono();
  const repository = createHealthRepository(deps.db);
  let lastWrite: { at: number; state: DbState } | undefined;
  let lastCheck: { at: number; ok: boolean } | undefined;

  const fresh = (last: { at: number } | undefined, now: number, interval: number) =>
    last !== undefined && now >= last.at && now - last.at < interval;

  const failure = (what: string, error: unknown): DbState => {
    deps.log.error(`health check: database ${what} failed`, { reason: describe(error) });
    return isCorruptionError(error) ? 'corrupt' : 'error';
  };

  const writeProbe = (): DbState => {
    const now = deps.now();
    if (lastWrite && fresh(lastWrite, now, HEALTH_WRITE_PROBE_INTERVAL_MS)) return lastWrite.state;
    let state: DbState = 'ok';
    try {
      repository.write();
    } catch (error) {
      state = failure('write', error);
    }
    lastWrite = { at: now, state };
    return state;
  };

  const integrity = (): DbState => {
    const now = deps.now();
    if (!lastCheck || !fresh(lastCheck, now, HEALTH_QUICK_CHECK_INTERVAL_MS)) {
      const answer = quickCheck(deps.db);
      if (answer !== 'ok') {
        deps.log.error('health check: database quick check failed; restore a backup (npm run restore <backup>)', {
          reason: answer,
        });
      }
      lastCheck = { at: now, ok: answer === 'ok' };
    }
    return lastCheck.ok ? 'ok' : 'corrupt';
  };

  const dbState = (): DbState => {
    try {
      repository.read();
    } catch (error) {
      return failure('read', error);
    }
    const written = writeProbe();
    return written === 'ok' ? integrity() : written;
  };

  routes.get('/health/', (c) => {
    const demo = deps.env.RETAILERS_MODE === 'demo';
    const db = dbState();
    if (db !== 'ok') {
      c.header('Retry-After', String(STORAGE_RETRY_AFTER_S));
      return c.json({ status: 'error', version: appVersion(), db, demo }, 503);
    }
    return c.json({ status: 'ok', version: appVersion(), db, demo });
  });
  return routes;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? `${code}: ${error.message}` : error.message;
}
