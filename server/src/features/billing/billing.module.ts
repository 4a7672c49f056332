import { createLeases } from '../../db/leases.repository';
import type { Env } from '../../config/env';
import type { Db } from '../../db/database';
import type { Logger } from '../../lib/log';
import { createBillingRepository } from './billing.repository';
import { createBillingRoutes } from './billing.routes';
import { createBillingService } from './billing.service';
import type { BillingUsers } from './billing-service-deps';
import { createStripeGateway, type StripeTarget } from './stripe-gateway';

/** Real Stripe when the three STRIPE_* variables are set (env.ts refuses a partial set). */
export function stripeTargetFromEnv(env: Env): StripeTarget | null {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_PRO_MONTHLY } = env;
  if (!STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET || !STRIPE_PRICE_PRO_MONTHLY) return null;
  return {
    secretKey: STRIPE_SECRET_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    prices: { pro_monthly: STRIPE_PRICE_PRO_MONTHLY },
  };
}

/** What the billing module needs from the app; app.ts wires it (docs/decisions/016). */
export interface BillingDeps {
  env: Env;
  db: Db;
  log: Logger;
  /** Clock in epoch milliseconds. */
  now: () => number;
  /** The accounts feature's view of a user (the `user` of /api/auth/me/), wired in by app.ts. */
  users: BillingUsers;
}

/**
 * Billing: the staff grant (the admin's PlanGrants, the one `npm run plan` writes), account deletion's
 * side (AccountSubscriptions) and, when a Stripe `target` is set (the real one or the look-alike), the
 * /api/billing/* router and its service.
 */
export function createBillingModule(deps: BillingDeps, target: StripeTarget | null) {
  const repo = createBillingRepository(deps.db);
  const plans = {
    setGrant: (userId: number, grant: 'pro' | 'ultra' | null, until: number | null) =>
      repo.setGrant(userId, grant, until, deps.now()),
  };
  if (!target) {
    // Without Stripe there is no subscription to end.
    return { plans, subscriptions: { endForDeletion: async () => ({ cancelled: false }) }, routes: null };
  }
  const service = createBillingService({
    repo,
    // The local look-alike answers at once; retries would only hide its injected faults.
    gateway: createStripeGateway(target, { maxNetworkRetries: target.local ? 0 : 1 }),
    users: deps.users,
    publicUrl: deps.env.PUBLIC_URL,
    now: deps.now,
    log: deps.log.child({ feature: 'billing' }),
    leases: createLeases(deps.db),
  });
  return {
    plans,
    subscriptions: { endForDeletion: (userId: number) => service.endForDeletion(userId) },
    routes: createBillingRoutes(service, deps.db),
  };
}
