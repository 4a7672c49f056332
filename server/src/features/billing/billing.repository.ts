import type { Db } from '../../db/database';
import type { SubscriptionState } from './stripe-gateway';
import { writeTransaction } from '../../db/write-transaction';

/** The billing columns of `users` (0003 + 0004). */
export interface BillingRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  locale: 'fr' | 'en' | 'nl';
  closed_at: number | null;
  subscription_status: string;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  stripe_price_id: string | null;
  subscription_period_end: number | null;
  plan_grant: 'pro' | 'ultra' | null;
  pro_until: number | null;
}

const COLUMNS = `id, email, first_name, last_name, locale, closed_at, subscription_status, stripe_customer_id,
  stripe_subscription_id, stripe_price_id, subscription_period_end, plan_grant, pro_until`;

/** SQL of billing: the subscription summary on `users`, processed webhook events, staff grants. */
export function createBillingRepository(db: Db) {
  const byId = db.prepare<[number], BillingRow>(`SELECT ${COLUMNS} FROM users WHERE id = ?`);
  const byEmail = db.prepare<[string], BillingRow>(`SELECT ${COLUMNS} FROM users WHERE email = ?`);
  const byCustomer = db.prepare<[string], BillingRow>(`SELECT ${COLUMNS} FROM users WHERE stripe_customer_id = ?`);
  const setCustomer = db.prepare<[string, number, number]>(
    'UPDATE users SET stripe_customer_id = ?, updated_at = ? WHERE id = ? AND stripe_customer_id IS NULL',
  );
  const writeState = db.prepare(
    `UPDATE users SET subscription_status = @status, stripe_subscription_id = @subscriptionId,
       stripe_price_id = @priceId, trial_ends_at = @trialEnd, subscription_period_end = @periodEnd, updated_at = @now
     WHERE id = @id`,
  );
  const forgetCustomer = db.prepare(
    `UPDATE users SET stripe_customer_id = NULL, subscription_status = 'none', stripe_subscription_id = NULL,
       stripe_price_id = NULL, trial_ends_at = NULL, subscription_period_end = NULL, updated_at = @now
     WHERE id = @id`,
  );
  const insertEvent = db.prepare<[string, string, number]>(
    'INSERT INTO billing_events (id, type, received_at) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING',
  );
  const setGrant = db.prepare<[string | null, number | null, number, number]>(
    'UPDATE users SET plan_grant = ?, pro_until = ?, updated_at = ? WHERE id = ?',
  );

  return {
    findById: (id: number) => byId.get(id),
    findByEmail: (email: string) => byEmail.get(email),
    findByCustomer: (customer: string) => byCustomer.get(customer),
    /** Keeps the first customer: a concurrent creation loses and reads the winner back. */
    setCustomerOnce(id: number, customer: string, now: number): BillingRow | undefined {
      setCustomer.run(customer, now, id);
      return byId.get(id);
    },
    writeState(id: number, state: SubscriptionState, now: number): void {
      writeState.run({ id, now, ...state });
    },
    forgetCustomer(id: number, now: number): void {
      forgetCustomer.run({ id, now });
    },
    /**
     * Records the event id and runs `apply` in the same transaction; false (and nothing applied)
     * when the id was already recorded, i.e. a replay or a concurrent duplicate delivery.
     */
    applyEventOnce(id: string, type: string, now: number, apply: () => void): boolean {
      return writeTransaction(db, () => {
        if (insertEvent.run(id, type, now).changes === 0) return false;
        apply();
        return true;
      })();
    },
    setGrant(id: number, grant: 'pro' | 'ultra' | null, until: number | null, now: number): void {
      setGrant.run(grant, grant === null ? null : until, now, id);
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
