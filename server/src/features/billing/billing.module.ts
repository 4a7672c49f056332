import type { AppDeps } from '../../app';
import { createBillingRepository } from './billing.repository';
import { createBillingRoutes } from './billing.routes';
import { createBillingService, type BillingUsers } from './billing.service';
import { createStripeGateway, type StripeTarget } from './stripe-gateway';

/** Real Stripe when the three STRIPE_* variables are set (env.ts refuses a partial set). */
export function stripeTargetFromEnv(env: AppDeps['env']): StripeTarget | null {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_PRO_MONTHLY } = env;
  if (!STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET || !STRIPE_PRICE_PRO_MONTHLY) return null;
  return {
    secretKey: STRIPE_SECRET_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    prices: { pro_monthly: STRIPE_PRICE_PRO_MONTHLY },
  };
}

/** Billing, wired by app.ts with the accounts feature's user serializer. */
export function createBillingModule(deps: AppDeps, target: StripeTarget, users: BillingUsers) {
  const service = createBillingService({
    repo: createBillingRepository(deps.db),
    // The local look-alike answers at once; retries would only hide its injected faults.
    gateway: createStripeGateway(target, { maxNetworkRetries: target.local ? 0 : 1 }),
    users,
    publicUrl: deps.env.PUBLIC_URL,
    now: deps.now,
    log: deps.log.child({ feature: 'billing' }),
  });
  return { service, routes: createBillingRoutes(service) };
}
