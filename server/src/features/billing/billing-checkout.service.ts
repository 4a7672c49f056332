import { planOf, type CheckoutRequest } from '@pharmaradar/shared/billing.schema';
import type { Locale } from '@pharmaradar/shared/locales';
import { HttpError } from '../../lib/http-error';
import { BILLING_MESSAGES as M } from './billing.messages';
import type { BillingRow } from './billing.repository';
import type { BillingServiceDeps } from './billing-service-deps';
import { settleOneLive } from './one-live-subscription';
import type { ProviderReads } from './provider-reads';
import { isMissingCustomer, stripeErrorKind } from './stripe-gateway';

/** What opening a checkout shares with the rest of the billing service. */
export interface BillingCheckoutDeps extends BillingServiceDeps {
  reads: ProviderReads;
  /** The user's open account row, else 401. */
  load(userId: number): BillingRow;
  /** Logs a failed Stripe call and returns the 502 to throw. */
  stripeFailed(error: unknown, code: string, messages: typeof M.checkoutFailed): HttpError;
}

/**
 * Opening a Stripe checkout for a user: the customer created once, a promotion code checked first, a
 * customer Stripe already bills refused, and an open session for the same plan and code reused.
 */
export function createBillingCheckout(deps: BillingCheckoutDeps) {
  const { repo, gateway, log, now, reads, load, stripeFailed } = deps;

  /** 400 `promotion_code_invalid` before any checkout is created when Stripe has no such active code. */
  async function promotionCodeId(code: string): Promise<string> {
    let id: string | null;
    try {
      id = await gateway.findPromotionCode(code);
    } catch (error) {
      throw stripeFailed(error, 'checkout_failed', M.checkoutFailed);
    }
    if (!id) throw new HttpError(400, 'promotion_code_invalid', M.promotionInvalid);
    return id;
  }

  async function ensureCustomer(row: BillingRow): Promise<string> {
    if (row.stripe_customer_id) return row.stripe_customer_id;
    const name = `${row.first_name} ${row.last_name}`.trim();
    const id = await gateway.createCustomer({ id: row.id, email: row.email, name }, `customer-${row.id}-${now()}`);
    return repo.setCustomerOnce(row.id, id, now())?.stripe_customer_id ?? id;
  }

  async function openCheckout(userId: number, input: CheckoutRequest, locale: Locale): Promise<{ url: string }> {
    const row = load(userId);
    if (planOf(row, now()) !== 'free') throw new HttpError(409, 'already_pro', M.alreadyPro);
    const price = gateway.prices[input.plan];
    const promotionCode = input.promotion_code ? await promotionCodeId(input.promotion_code) : undefined;
    const open = async (customer: string, known: boolean) => {
      if (known) {
        const settled = await settleOneLive(gateway, customer, log);
        if (settled.kept) {
          repo.writeState(row.id, settled.state, now());
          reads.invalidate(row.id);
          throw new HttpError(409, 'already_pro', M.alreadyPro);
        }
        const sessions = await gateway.openCheckouts(customer);
        const same = sessions.find((s) => s.plan === input.plan && s.promotionCode === (promotionCode ?? null));
        // Any other open session is closed: only one can ever be paid.
        for (const other of sessions) if (other !== same) await gateway.expireCheckout(other.id);
        if (same) return same.url;
      }
      return gateway.createCheckoutSession({
        customer,
        price,
        plan: input.plan,
        userId,
        locale,
        successUrl: `${deps.publicUrl}/${locale}/congrats?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${deps.publicUrl}/${locale}/pro`,
        promotionCode,
      });
    };
    try {
      try {
        return { url: await open(await ensureCustomer(row), row.stripe_customer_id !== null) };
      } catch (error) {
        // Customer deleted in Stripe: forget it and start again with a new one, once.
        if (!isMissingCustomer(error) || !row.stripe_customer_id) throw error;
        repo.forgetCustomer(row.id, now());
        return { url: await open(await ensureCustomer(load(userId)), false) };
      }
    } catch (error) {
      if (error instanceof HttpError) throw error;
      // The code existed a moment ago; Stripe may still refuse it (expired since, first-order only...).
      if (promotionCode && stripeErrorKind(error) === 'invalid') {
        throw new HttpError(400, 'promotion_code_invalid', M.promotionInvalid);
      }
      throw stripeFailed(error, 'checkout_failed', M.checkoutFailed);
    }
  }

  return { open: openCheckout };
}
