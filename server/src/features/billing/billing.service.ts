import { type CheckoutRequest, type SubscriptionResponse } from '@pharmaradar/shared/billing.schema';
import { type Locale } from '@pharmaradar/shared/locales';
import { type ServerUser } from '@pharmaradar/shared/user.schema';
import { HttpError } from '../../lib/http-error';
import { BILLING_MESSAGES as M } from './billing.messages';
import type { BillingRow } from './billing.repository';
import { settleOneLive } from './one-live-subscription';
import { createProviderReads } from './provider-reads';
import {
  isMissingCustomer,
  liveSubscriptions,
  stripeErrorKind,
  subscriptionState,
  type SubscriptionState,
} from './stripe-gateway';
import { subscriptionDetails } from './subscription-details';
import { createBillingCheckout } from './billing-checkout.service';
import type { BillingServiceDeps } from './billing-service-deps';
import { createBillingWebhooks } from './billing-webhooks.service';

/** A user's provider answers are reused this long: the subscription page and its polling stay cheap. */
export const BILLING_READ_CACHE_MS = 10_000;

/** Statuses of a subscription whose next invoice is shown (unless it is cancelled at period end). */
const ALIVE = new Set(['active', 'trialing', 'past_due', 'canceled_at_period_end', 'unpaid', 'incomplete']);

export function createBillingService(deps: BillingServiceDeps) {
  const { repo, gateway, log, now } = deps;
  const inFlight = { portal: new Set<number>() };
  /** A checkout being opened per user: a second click or device shares it (ADR 129). */
  const checkouts = new Map<number, Promise<{ url: string }>>();
  /** Cancel and resume of one user run one after another (double submit, two devices). */
  const changes = new Map<number, Promise<unknown>>();
  const reads = createProviderReads({
    ttlMs: deps.readCacheMs ?? BILLING_READ_CACHE_MS,
    now: deps.realNow ?? Date.now,
  });

  /** Runs `work` after the previous queued work of the same key settled. */
  async function queued<K, T>(queue: Map<K, Promise<unknown>>, key: K, work: () => Promise<T>): Promise<T> {
    const run = (queue.get(key) ?? Promise.resolve()).catch(() => {}).then(work);
    queue.set(key, run);
    try {
      return await run;
    } finally {
      if (queue.get(key) === run) queue.delete(key);
    }
  }

  function stripeFailed(error: unknown, code: string, messages: typeof M.checkoutFailed): HttpError {
    log.warn('stripe call failed', { code, kind: stripeErrorKind(error), error: (error as Error).message });
    return new HttpError(502, code, messages);
  }

  const checkout = createBillingCheckout({ ...deps, reads, load, stripeFailed });
  const webhooks = createBillingWebhooks({ ...deps, reads });

  async function oneInFlight<T>(kind: 'portal', userId: number, run: () => Promise<T>): Promise<T> {
    const set = inFlight[kind];
    if (set.has(userId)) throw new HttpError(429, 'in_progress', M.inProgress);
    set.add(userId);
    try {
      return await run();
    } finally {
      set.delete(userId);
    }
  }

  function load(userId: number): BillingRow {
    const row = repo.findById(userId);
    if (!row || row.closed_at !== null) throw new HttpError(401, 'unauthorized', M.loginRequired);
    return row;
  }

  /** Reads Stripe's subscriptions of the user's customer (one live kept) into the user row. */
  async function sync(row: BillingRow): Promise<void> {
    if (!row.stripe_customer_id) return;
    try {
      repo.writeState(row.id, (await settleOneLive(gateway, row.stripe_customer_id, log)).state, now());
    } catch (error) {
      if (!isMissingCustomer(error)) throw stripeFailed(error, 'subscription_unavailable', M.subscriptionUnavailable);
      repo.forgetCustomer(row.id, now());
    }
  }

  function userAnswer(userId: number): { user: ServerUser } {
    const user = deps.users.serialize(userId);
    if (!user) throw new HttpError(401, 'unauthorized', M.loginRequired);
    return { user };
  }

  /**
   * Cancel (at period end) or resume, over every live subscription of the customer: a cancel marks
   * each one first, so nothing renews even if ending an extra fails; then the one-live rule ends the
   * extras. Repeating either is harmless (same answer), and one user's changes run one at a time.
   */
  async function setCancel(userId: number, cancel: boolean) {
    return queued(changes, userId, async () => {
      const row = load(userId);
      const customer = row.stripe_customer_id;
      if (!customer) throw new HttpError(404, 'no_subscription', M.noSubscription);
      let state: SubscriptionState;
      try {
        if (cancel) {
          for (const sub of liveSubscriptions(await gateway.subscriptionsOf(customer))) {
            if (!sub.cancel_at_period_end) await gateway.setCancelAtPeriodEnd(sub.id, true);
          }
        }
        const settled = await settleOneLive(gateway, customer, log);
        state = settled.state;
        if (!settled.kept) {
          repo.writeState(row.id, state, now());
          throw new HttpError(404, 'no_subscription', M.noSubscription);
        }
        if (!cancel && settled.kept.cancel_at_period_end) {
          state = await gateway.setCancelAtPeriodEnd(settled.kept.id, false);
        }
      } catch (error) {
        if (error instanceof HttpError) throw error;
        if (isMissingCustomer(error)) throw new HttpError(404, 'no_subscription', M.noSubscription);
        throw stripeFailed(error, 'subscription_unavailable', M.subscriptionUnavailable);
      } finally {
        reads.invalidate(row.id);
      }
      repo.writeState(row.id, state, now());
      return { detail: cancel ? M.cancelled : M.resumed, ...userAnswer(row.id) };
    });
  }

  async function readDetails(row: BillingRow): Promise<SubscriptionResponse> {
    if (!row.stripe_customer_id || !row.stripe_subscription_id) return { subscription: null };
    try {
      const sub = await gateway.retrieveSubscription(row.stripe_subscription_id);
      const renews = !sub.cancel_at_period_end && ALIVE.has(sub.status);
      const [cards, invoices, upcoming] = await Promise.all([
        gateway.listCards(row.stripe_customer_id),
        gateway.listInvoices(row.stripe_customer_id),
        renews ? gateway.upcomingInvoice(row.stripe_customer_id, sub.id) : Promise.resolve(null),
      ]);
      return { subscription: subscriptionDetails(sub, cards, invoices, upcoming) };
    } catch (error) {
      if (isMissingCustomer(error)) {
        repo.forgetCustomer(row.id, now());
        return { subscription: null };
      }
      throw stripeFailed(error, 'subscription_unavailable', M.subscriptionUnavailable);
    }
  }

  return {
    /**
     * One open checkout per customer (ADR 129): a second click or a second device gets the session
     * already open for the same plan and code; concurrent requests share one answer; a customer
     * Stripe already bills is refused even before its webhook arrived.
     */
    checkout(userId: number, input: CheckoutRequest, locale: Locale): Promise<{ url: string }> {
      const running = checkouts.get(userId);
      if (running) return running;
      const run = checkout.open(userId, input, locale).finally(() => checkouts.delete(userId));
      checkouts.set(userId, run);
      return run;
    },

    async portal(userId: number, locale: Locale): Promise<{ url: string }> {
      return oneInFlight('portal', userId, async () => {
        const row = load(userId);
        if (!row.stripe_customer_id) throw new HttpError(404, 'no_subscription', M.noSubscription);
        try {
          return {
            url: await gateway.createPortalSession(
              row.stripe_customer_id,
              `${deps.publicUrl}/${locale}/subscription`,
              locale,
            ),
          };
        } catch (error) {
          if (isMissingCustomer(error)) {
            repo.forgetCustomer(row.id, now());
            throw new HttpError(404, 'no_subscription', M.noSubscription);
          }
          throw stripeFailed(error, 'portal_failed', M.portalFailed);
        }
      });
    },

    /** Re-reads Stripe at most once per cache period per user (webhooks and changes refresh it). */
    async checkSubscription(userId: number): Promise<{ user: ServerUser }> {
      const row = load(userId);
      await reads.read('sync', userId, () => sync(row));
      return userAnswer(userId);
    },

    cancel: (userId: number) => setCancel(userId, true),
    resume: (userId: number) => setCancel(userId, false),

    details(userId: number): Promise<SubscriptionResponse> {
      const row = load(userId);
      return reads.read('details', userId, () => readDetails(row));
    },

    /**
     * Account deletion: every live subscription ends now (not at period end), before the account
     * closes; when Stripe cannot be reached the deletion is refused (docs/decisions/130).
     */
    async endForDeletion(userId: number): Promise<{ cancelled: boolean }> {
      const row = repo.findById(userId);
      if (!row?.stripe_customer_id) return { cancelled: false };
      try {
        const live = liveSubscriptions(await gateway.subscriptionsOf(row.stripe_customer_id));
        let state: SubscriptionState | null = null;
        for (const sub of live) state = subscriptionState(await gateway.cancelNow(sub.id));
        if (state) repo.writeState(row.id, state, now());
        return { cancelled: live.length > 0 };
      } catch (error) {
        if (isMissingCustomer(error)) return { cancelled: false };
        throw stripeFailed(error, 'subscription_cancel_failed', M.deletionCancelFailed);
      } finally {
        reads.invalidate(row.id);
      }
    },

    webhook: webhooks.receive,

    /** `npm run plan`: a staff grant (Ultra, or Pro without Stripe); 'free' removes it. */
    setPlan(email: string, plan: 'free' | 'pro' | 'ultra', until: number | null): BillingRow | undefined {
      const row = repo.findByEmail(email);
      if (!row) return undefined;
      repo.setGrant(row.id, plan === 'free' ? null : plan, until, now());
      return repo.findById(row.id);
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
