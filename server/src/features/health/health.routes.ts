import { Hono } from 'hono';
import type { Env } from '../../config/env';
import { appVersion } from '../../config/version';
import type { Db } from '../../db/database';
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
 * GET /api/health/: liveness plus a real database read and write, for probes and the e2e harness.
 * 503 `db: 'error'` when either fails: the instance cannot serve writes (disk full, read-only db…).
 */
export function createHealthRoutes(deps: HealthDeps): Hono {
  const routes = new Hono();
  const repository = createHealthRepository(deps.db);
  let lastWrite: { at: number; ok: boolean } | undefined;

  const writeProbe = (): boolean => {
    const now = deps.now();
    if (lastWrite && now >= lastWrite.at && now - lastWrite.at < HEALTH_WRITE_PROBE_INTERVAL_MS) return lastWrite.ok;
    let ok = true;
    try {
      repository.write();
    } catch (error) {
      ok = false;
      deps.log.error('health check: database write failed', { reason: describe(error) });
    }
    lastWrite = { at: now, ok };
    return ok;
  };

  routes.get('/health/', (c) => {
    const demo = deps.env.RETAILERS_MODE === 'demo';
    let ok = true;
    try {
      repository.read();
    } catch (error) {
      ok = false;
      deps.log.error('health check: database read failed', { reason: describe(error) });
    }
    if (!ok || !writeProbe()) {
      c.header('Retry-After', String(STORAGE_RETRY_AFTER_S));
      return c.json({ status: 'error', version: appVersion(), db: 'error', demo }, 503);
    }
    return c.json({ status: 'ok', version: appVersion(), db: 'ok', demo });
  });
  return routes;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? `${code}: ${error.message}` : error.message;
}
