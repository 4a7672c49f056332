import type { PushDevice, PushSubscriptionInput } from '@pharmaradar/shared/push.schema';
import { MAX_PUSH_SUBSCRIPTIONS_PER_USER } from '@pharmaradar/shared/push.schema';
import { HttpError } from '../../lib/http-error';
import type { Logger } from '../../lib/log';
import { allowedEndpoint, type EndpointPolicy } from './push-endpoint';
import type { PushSender } from './push-sender';
import { PUSH_MESSAGES } from './push.messages';
import type { ClaimedDelivery, PushRepository, SubscriptionRow } from './push.repository';

/** A push service keeps an alert this long for a device that is off: a price a day old is still news. */
export const PUSH_TTL_SECONDS = 24 * 3600;
/** Waits after the 1st, 2nd, 3rd and 4th failed attempt; the 5th failure gives the message up. */
export const PUSH_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000] as const;
/** A push service asking for more than a day is not waited for. */
const MAX_RETRY_AFTER_MS = 24 * 3600_000;
/** A sender holds a delivery this long; past it (the sender died) another one takes it up. */
export const PUSH_LEASE_MS = 2 * 60_000;
/** Deliveries sent or given up are kept this long (a late retry of the same firing still finds them). */
export const PUSH_DELIVERY_RETENTION_MS = 30 * 24 * 3600_000;
const BATCH = 50;

export interface PushServiceDeps {
  repository: PushRepository;
  sender: PushSender;
  policy: EndpointPolicy;
  now: () => number;
  log: Logger;
}

const serviceOf = (endpoint: string) => {
  try {
    return new URL(endpoint).hostname;
  } catch {
    return '';
  }
};

function serializeDevice(row: SubscriptionRow, currentEndpoint: string | undefined): PushDevice {
  return {
    id: row.id,
    service: serviceOf(row.endpoint),
    device: row.device,
    created_at: new Date(row.created_at).toISOString(),
    current: currentEndpoint !== undefined && row.endpoint === currentEndpoint,
  };
}

export function createPushService(deps: PushServiceDeps) {
  const log = deps.log.child({ feature: 'push' });
  let delivering: Promise<{ sent: number; removed: number; failed: number }> | null = null;

  async function deliverOne(d: ClaimedDelivery): Promise<'sent' | 'removed' | 'retry' | 'failed'> {
    let outcome;
    try {
      outcome = await deps.sender.send(d, { payload: d.payload, ttlSeconds: PUSH_TTL_SECONDS, topic: d.topic });
    } catch (error) {
      // The message could not even be built (keys the device gave that no encryption accepts).
      outcome = { status: -1, retryAfterMs: null };
      log.warn('push message not built', { subscription: d.subscription_id, error });
    }
    if (outcome.status >= 200 && outcome.status < 300) {
      deps.repository.finish(d.firing, d.subscription_id, 'sent');
      return 'sent';
    }
    if (outcome.status === 404 || outcome.status === 410) {
      // The browser dropped the subscription (RFC 8030 §7.3): the device is forgotten, with its queue.
      deps.repository.deleteById(d.subscription_id);
      log.info('push subscription gone', { subscription: d.subscription_id, status: outcome.status });
      return 'removed';
    }
    const retryable = outcome.status === 0 || outcome.status === 429 || outcome.status >= 500;
    const delay = PUSH_RETRY_DELAYS_MS[d.attempts - 1];
    if (!retryable || delay === undefined) {
      deps.repository.finish(d.firing, d.subscription_id, 'failed');
      log.warn('push message given up', {
        subscription: d.subscription_id,
        status: outcome.status,
        attempts: d.attempts,
      });
      return 'failed';
    }
    const wait = Math.min(Math.max(delay, outcome.retryAfterMs ?? 0), MAX_RETRY_AFTER_MS);
    deps.repository.retryAt(d.firing, d.subscription_id, deps.now() + wait);
    log.info('push message to retry', { subscription: d.subscription_id, status: outcome.status, inMs: wait });
    return 'retry';
  }

  return {
    subscribe(
      user: { id: number },
      sessionId: number | null,
      input: PushSubscriptionInput,
      device: string,
    ): { device: PushDevice; created: boolean } {
      if (!allowedEndpoint(input.endpoint, deps.policy))
        throw new HttpError(400, 'invalid_endpoint', PUSH_MESSAGES.invalidEndpoint, {
          endpoint: PUSH_MESSAGES.invalidEndpoint,
        });
      const result = deps.repository.subscribe(
        {
          user_id: user.id,
          session_id: sessionId,
          endpoint: input.endpoint,
          p256dh: input.keys.p256dh.replace(/=+$/, ''),
          auth: input.keys.auth.replace(/=+$/, ''),
          device: device.slice(0, 100),
        },
        deps.now(),
        MAX_PUSH_SUBSCRIPTIONS_PER_USER,
      );
      if ('limit' in result) throw new HttpError(409, 'push_limit', PUSH_MESSAGES.limit);
      return { device: serializeDevice(result.row, input.endpoint), created: result.created };
    },

    list: (userId: number, currentEndpoint: string | undefined) =>
      deps.repository.listForUser(userId).map((row) => serializeDevice(row, currentEndpoint)),

    /** This device's subscription, if it is the user's (idempotent). */
    unsubscribeEndpoint: (userId: number, endpoint: string) => void deps.repository.deleteOwnEndpoint(endpoint, userId),
    /** One of the user's devices from the account page (idempotent; another user's id changes nothing). */
    remove: (userId: number, id: number) => void deps.repository.deleteOwn(id, userId),
    /** Logout: the devices this session turned push on for stop receiving the account's alerts. */
    sessionEnded: (sessionId: number) => deps.repository.deleteForSession(sessionId),
    deviceCount: (userId: number) => deps.repository.countForUser(userId),

    /**
     * Queues one message per device of the user for an alert firing, unless that firing was queued
     * already (a check run again, by a second process, after a crash): the (firing, device) row is
     * the proof. Answers how many devices the firing goes to.
     */
    queue(userId: number, firing: string, payload: string, topic: string): number {
      return deps.repository.enqueue(firing, userId, payload, topic, deps.now());
    },

    /**
     * Sends what is due, one message per (firing, device) row taken under a lease: 2xx marks it sent,
     * 404/410 forgets the device, 429/5xx/unreachable retry later (PUSH_RETRY_DELAYS_MS, or the
     * service's Retry-After when longer), then give up. Passes in one process never overlap.
     */
    deliver(): Promise<{ sent: number; removed: number; failed: number }> {
      delivering ??= (async () => {
        const counts = { sent: 0, removed: 0, failed: 0 };
        deps.repository.purgeDone(deps.now() - PUSH_DELIVERY_RETENTION_MS);
        for (;;) {
          const batch = deps.repository.claim(deps.now(), PUSH_LEASE_MS, BATCH);
          if (batch.length === 0) break;
          for (const d of batch) {
            const result = await deliverOne(d);
            if (result !== 'retry') counts[result] += 1;
          }
        }
        if (counts.sent + counts.removed + counts.failed > 0) log.info('push messages delivered', counts);
        return counts;
      })().finally(() => {
        delivering = null;
      });
      return delivering;
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
