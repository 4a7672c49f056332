import Stripe from 'stripe';
import { newId } from './stripe-objects';

/** Delivery faults for tests: Stripe may deliver twice, late or out of order. */
export interface WebhookFaults {
  /** Each event is delivered twice. */
  duplicate: boolean;
  /** The events of one action are delivered in reverse order. */
  reverse: boolean;
  /** Wait before delivering (ms). */
  delayMs: number;
}

export interface DeliveredEvent {
  id: string;
  type: string;
  status: number;
}

const signer = new Stripe('sk_test_signer_only');

/** Signs events like Stripe (Stripe-Signature: t=…,v1=HMAC) and POSTs them to the app. */
export function createWebhookSender(secret: string, nowS: () => number) {
  let target: string | null = null;
  let pending = Promise.resolve();
  const delivered: DeliveredEvent[] = [];
  const faults: WebhookFaults = { duplicate: false, reverse: false, delayMs: 0 };

  function event(type: string, object: Record<string, unknown>, previous?: Record<string, unknown>) {
    return {
      id: newId('evt'),
      object: 'event',
      api_version: '2026-10-28.clover',
      created: nowS(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: previous ? { object, previous_attributes: previous } : { object },
    };
  }

  async function post(payload: string): Promise<number> {
    if (!target) return 0;
    const header = signer.webhooks.generateTestHeaderString({ payload, secret });
    // Stripe retries failed deliveries for days; the look-alike tries a few times, a second apart.
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': header },
          body: payload,
        });
        if (res.ok || attempt >= 2) return res.status;
      } catch {
        if (attempt >= 2) return 0;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  return {
    faults,
    delivered,
    event,
    setTarget(url: string | null) {
      target = url;
    },
    /** Queues the events of one action; deliveries run one after another, in the background. */
    send(events: Array<ReturnType<typeof event>>): void {
      let batch = faults.reverse ? [...events].reverse() : events;
      if (faults.duplicate) batch = batch.flatMap((e) => [e, e]);
      const delayMs = faults.delayMs;
      pending = pending.then(async () => {
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
        for (const e of batch) {
          // Re-signed at each delivery, as Stripe does (a fresh timestamp per attempt).
          const status = await post(JSON.stringify(e));
          delivered.push({ id: e.id, type: e.type, status });
        }
      });
    },
    /** Resolves once every queued delivery has been answered. */
    idle: () => pending,
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
export type DemoEvent = ReturnType<WebhookSender['event']>;
