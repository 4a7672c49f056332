import type { Db } from '../../db/database';
import { writeTransaction } from '../../db/write-transaction';

export interface SubscriptionRow {
  id: number;
  user_id: number;
  session_id: number | null;
  endpoint: string;
  p256dh: string;
  auth: string;
  device: string;
  created_at: number;
}

export type NewSubscription = Pick<
  SubscriptionRow,
  'user_id' | 'session_id' | 'endpoint' | 'p256dh' | 'auth' | 'device'
>;

/** A delivery a sender took: the message and the device it goes to. */
export interface ClaimedDelivery {
  firing: string;
  subscription_id: number;
  payload: string;
  topic: string;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type SubscribeResult = { row: SubscriptionRow; created: boolean } | { limit: true };

export function createPushRepository(db: Db) {
  const byEndpoint = db.prepare<[string], SubscriptionRow>('SELECT * FROM push_subscriptions WHERE endpoint = ?');
  const countForUser = db.prepare<[number], { n: number }>(
    'SELECT count(*) AS n FROM push_subscriptions WHERE user_id = ?',
  );
  const insert = db.prepare<[NewSubscription & { created_at: number }], SubscriptionRow>(
    `INSERT INTO push_subscriptions (user_id, session_id, endpoint, p256dh, auth, device, created_at)
     VALUES (@user_id, @session_id, @endpoint, @p256dh, @auth, @device, @created_at) RETURNING *`,
  );
  const rebind = db.prepare<[NewSubscription & { id: number }], SubscriptionRow>(
    `UPDATE push_subscriptions SET session_id = @session_id, p256dh = @p256dh, auth = @auth, device = @device
     WHERE id = @id RETURNING *`,
  );
  const deleteById = db.prepare<[number]>('DELETE FROM push_subscriptions WHERE id = ?');
  const deleteOwn = db.prepare<[number, number]>('DELETE FROM push_subscriptions WHERE id = ? AND user_id = ?');
  const deleteOwnEndpoint = db.prepare<[string, number]>(
    'DELETE FROM push_subscriptions WHERE endpoint = ? AND user_id = ?',
  );
  const deleteForSession = db.prepare<[number]>('DELETE FROM push_subscriptions WHERE session_id = ?');
  const listForUser = db.prepare<[number], SubscriptionRow>(
    'SELECT * FROM push_subscriptions WHERE user_id = ? ORDER BY created_at DESC, id DESC',
  );

  /**
   * One device per endpoint, one user per device, at most `cap` devices per user; in one write
   * transaction so that two requests at once (a double submit, two processes) cannot pass the cap
   * together. The same user again: the row is kept and bound to this session. Another user: the old
   * row goes (with whatever was queued for it) and a new one is made.
   */
  const subscribe = writeTransaction(db, (input: NewSubscription, now: number, cap: number): SubscribeResult => {
    const existing = byEndpoint.get(input.endpoint);
    if (existing && existing.user_id === input.user_id)
      return { row: rebind.get({ ...input, id: existing.id })!, created: false };
    if (existing) deleteById.run(existing.id);
    if (countForUser.get(input.user_id)!.n >= cap) return { limit: true };
    return { row: insert.get({ ...input, created_at: now })!, created: true };
  });

  const enqueue = db.prepare<[{ firing: string; user_id: number; payload: string; topic: string; now: number }]>(
    `INSERT INTO push_deliveries (firing, subscription_id, state, payload, topic, next_attempt_at, created_at)
     SELECT @firing, id, 'pending', @payload, @topic, @now, @now FROM push_subscriptions WHERE user_id = @user_id
     ON CONFLICT (firing, subscription_id) DO NOTHING`,
  );
  const queuedFor = db.prepare<[string, number], { n: number }>(
    `SELECT count(*) AS n FROM push_deliveries d JOIN push_subscriptions s ON s.id = d.subscription_id
     WHERE d.firing = ? AND s.user_id = ?`,
  );
  // One statement: two senders (two processes) can never take the same row.
  const claim = db.prepare<
    [{ now: number; until: number; limit: number }],
    Omit<ClaimedDelivery, 'endpoint' | 'p256dh' | 'auth'>
  >(
    `UPDATE push_deliveries SET leased_until = @until, attempts = attempts + 1
     WHERE rowid IN (SELECT rowid FROM push_deliveries WHERE state = 'pending' AND next_attempt_at <= @now
                     AND leased_until <= @now ORDER BY next_attempt_at LIMIT @limit)
     RETURNING firing, subscription_id, payload, topic, attempts`,
  );
  const target = db.prepare<[number], Pick<SubscriptionRow, 'endpoint' | 'p256dh' | 'auth'>>(
    'SELECT endpoint, p256dh, auth FROM push_subscriptions WHERE id = ?',
  );
  const finish = db.prepare<[{ state: 'sent' | 'failed'; firing: string; subscription_id: number }]>(
    `UPDATE push_deliveries SET state = @state, payload = NULL, leased_until = 0
     WHERE firing = @firing AND subscription_id = @subscription_id`,
  );
  const later = db.prepare<[{ at: number; firing: string; subscription_id: number }]>(
    `UPDATE push_deliveries SET next_attempt_at = @at, leased_until = 0
     WHERE firing = @firing AND subscription_id = @subscription_id AND state = 'pending'`,
  );
  const purgeDone = db.prepare<[number]>("DELETE FROM push_deliveries WHERE state <> 'pending' AND created_at < ?");

  return {
    subscribe,
    findByEndpoint: (endpoint: string) => byEndpoint.get(endpoint),
    listForUser: (userId: number) => listForUser.all(userId),
    countForUser: (userId: number) => countForUser.get(userId)!.n,
    deleteById: (id: number) => deleteById.run(id).changes > 0,
    deleteOwn: (id: number, userId: number) => deleteOwn.run(id, userId).changes > 0,
    deleteOwnEndpoint: (endpoint: string, userId: number) => deleteOwnEndpoint.run(endpoint, userId).changes > 0,
    deleteForSession: (sessionId: number) => deleteForSession.run(sessionId).changes,
    /** A delivery per device of the user for this firing, unless one exists; the firing's deliveries in all. */
    enqueue: writeTransaction(db, (firing: string, userId: number, payload: string, topic: string, now: number) => {
      enqueue.run({ firing, user_id: userId, payload, topic, now });
      return queuedFor.get(firing, userId)!.n;
    }),
    /** Takes up to `limit` due deliveries for `leaseMs`, with the device each goes to. */
    claim(now: number, leaseMs: number, limit: number): ClaimedDelivery[] {
      return claim.all({ now, until: now + leaseMs, limit }).flatMap((d) => {
        const to = target.get(d.subscription_id);
        return to && d.payload !== null ? [{ ...d, ...to }] : [];
      });
    },
    finish: (firing: string, subscriptionId: number, state: 'sent' | 'failed') =>
      finish.run({ state, firing, subscription_id: subscriptionId }),
    retryAt: (firing: string, subscriptionId: number, at: number) =>
      later.run({ at, firing, subscription_id: subscriptionId }),
    purgeDone: (before: number) => purgeDone.run(before).changes,
  };
}

export type PushRepository = ReturnType<typeof createPushRepository>;
