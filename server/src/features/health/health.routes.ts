import { Hono } from 'hono';
import type { AppDeps } from '../../app';
import { appVersion } from '../../config/version';

/** GET /api/health/: liveness plus a real database round trip, for probes and the e2e harness. */
export function createHealthRoutes(deps: Pick<AppDeps, 'db' | 'env' | 'log'>): Hono {
  const routes = new Hono();
  routes.get('/health/', (c) => {
    const demo = deps.env.RETAILERS_MODE === 'demo';
    try {
      deps.db.prepare('SELECT 1').pluck().get();
    } catch (error) {
      deps.log.error('health check: database unavailable', { error });
      return c.json({ status: 'error', version: appVersion(), db: 'error', demo }, 503);
    }
    return c.json({ status: 'ok', version: appVersion(), db: 'ok', demo });
  });
  return routes;
}
