import { Hono, type Context } from 'hono';
import { pushSubscriptionInputSchema, pushUnsubscribeSchema } from '@pharmaradar/shared/push.schema';
import { COMMON_ISSUES, parseJsonBody } from '../../lib/validate';
import { PUSH_MESSAGES } from './push.messages';
import type { PushService } from './push.service';

/** The logged-in user of the request, 401 otherwise (app.ts: the accounts' requireUser). */
export type RequireUser = (c: Context) => { id: number };
/** A short browser and system label from a User-Agent (app.ts: the accounts' summary of it). */
export type PushDeviceLabel = (userAgent: string) => string;

const ISSUES = {
  ...COMMON_ISSUES,
  fields: {
    ...COMMON_ISSUES.fields,
    invalid_key: PUSH_MESSAGES.invalidKey,
    invalid_endpoint: PUSH_MESSAGES.invalidEndpoint,
  },
};

/**
 * GET /api/push/key/ (public), and the signed-in user's devices: POST, GET, DELETE
 * /api/push/subscriptions/ and DELETE /api/push/subscriptions/:id (CSRF checked globally).
 */
export function createPushRoutes(deps: {
  service: PushService;
  publicKey: string;
  requireUser: RequireUser;
  deviceLabel: PushDeviceLabel;
}): Hono {
  const routes = new Hono();
  routes.get('/push/key/', (c) => c.json({ publicKey: deps.publicKey }));
  routes.post('/push/subscriptions/', async (c) => {
    const user = deps.requireUser(c);
    const input = await parseJsonBody(c, pushSubscriptionInputSchema, ISSUES);
    const label = deps.deviceLabel(c.req.header('user-agent') ?? '');
    const { device, created } = deps.service.subscribe(user, c.get('sessionId'), input, label);
    return c.json({ device }, created ? 201 : 200);
  });
  routes.get('/push/subscriptions/', (c) => {
    const user = deps.requireUser(c);
    return c.json({ devices: deps.service.list(user.id, c.req.header('x-push-endpoint')) });
  });
  routes.delete('/push/subscriptions/', async (c) => {
    const user = deps.requireUser(c);
    const { endpoint } = await parseJsonBody(c, pushUnsubscribeSchema, ISSUES);
    deps.service.unsubscribeEndpoint(user.id, endpoint);
    return c.body(null, 204);
  });
  routes.delete('/push/subscriptions/:id/', (c) => {
    const user = deps.requireUser(c);
    const id = Number(c.req.param('id'));
    if (Number.isSafeInteger(id) && id > 0) deps.service.remove(user.id, id);
    return c.body(null, 204);
  });
  return routes;
}
