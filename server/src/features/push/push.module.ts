import type { Env } from '../../config/env';
import type { Db } from '../../db/database';
import type { Logger } from '../../lib/log';
import type { RepeatingJob } from '../../lib/repeating-job';
import type { EndpointPolicy } from './push-endpoint';
import { vapidKeys } from './push-keys';
import { createWebPushSender } from './push-sender';
import { createPushRepository } from './push.repository';
import { createPushRoutes, type PushDeviceLabel, type RequireUser } from './push.routes';
import { createPushService } from './push.service';

/** How often due and retried push messages are sent (alert checks also send at once). */
export const PUSH_DELIVERY_INTERVAL_MS = 60_000;

export interface PushDeps {
  env: Pick<
    Env,
    'DATA_DIR' | 'PUBLIC_URL' | 'RETAILERS_MODE' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'
  >;
  db: Db;
  log: Logger;
  now: () => number;
  requireUser: RequireUser;
  deviceLabel: PushDeviceLabel;
}

/** The policy endpoints are held to: demo mode (and tests) also reach a push service on this machine. */
export const endpointPolicyOf = (env: Pick<Env, 'RETAILERS_MODE'>): EndpointPolicy => ({
  allowLoopback: env.RETAILERS_MODE === 'demo',
});

/**
 * The account export's `push_devices` part (docs/features/account-data-export.md): each device with
 * push on as the account page lists it. The endpoint and keys are not given out: with the VAPID key
 * they are what lets a message reach the device, and the user cannot use them.
 */
export function pushPersonalData(db: Db) {
  const repository = createPushRepository(db);
  return (user: { id: number }) => ({
    push_devices: repository.listForUser(user.id).map((row) => ({
      service: new URL(row.endpoint).hostname,
      device: row.device,
      created_at: new Date(row.created_at).toISOString(),
    })),
  });
}

export function createPushModule(deps: PushDeps) {
  const vapid = vapidKeys(deps.env);
  const policy = endpointPolicyOf(deps.env);
  const service = createPushService({
    repository: createPushRepository(deps.db),
    sender: createWebPushSender({ vapid, policy }),
    policy,
    now: deps.now,
    log: deps.log,
  });
  const job: RepeatingJob = {
    name: 'push delivery',
    everyMs: PUSH_DELIVERY_INTERVAL_MS,
    run: () => service.deliver(),
    firstRunInMs: () => PUSH_DELIVERY_INTERVAL_MS,
  };
  return {
    routes: createPushRoutes({
      service,
      publicKey: vapid.publicKey,
      requireUser: deps.requireUser,
      deviceLabel: deps.deviceLabel,
    }),
    service,
    jobs: [job],
  };
}
