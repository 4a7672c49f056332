import { subscriptionStatusSchema, type ServerUser } from '@pharmaradar/shared';
import type { UserRow } from './user.repository';

/** Statuses in which the Pro features stay open (past_due: Stripe is still retrying the payment). */
const PRO_STATUSES = new Set(['active', 'trialing', 'past_due', 'canceled_at_period_end']);

/** Pro while the subscription is in a paying state, or until pro_until when that lies ahead. */
export function isProUser(user: Pick<UserRow, 'subscription_status' | 'pro_until'>, now: number): boolean {
  return PRO_STATUSES.has(user.subscription_status) || (user.pro_until !== null && user.pro_until > now);
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** The `user` object of every answer that carries one (GET /api/auth/me/ and the login calls). */
export function serializeUser(user: UserRow, now: number): ServerUser {
  const pro = isProUser(user, now);
  const status = subscriptionStatusSchema.safeParse(user.subscription_status);
  return {
    id: user.id,
    email: user.email,
    username: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    is_pro: pro,
    plan: pro ? 'pro' : 'free',
    subscription_status: status.success ? status.data : 'unknown',
    trial_ends_at: iso(user.trial_ends_at),
    pro_until: iso(user.pro_until),
    search_quota: user.search_quota,
    search_used: user.search_used,
    date_joined: new Date(user.date_joined).toISOString(),
    is_staff: user.is_staff === 1,
    is_superuser: user.is_superuser === 1,
    // No permission system beyond the plan yet; 'pro' lets the web gate Pro screens by name.
    permissions: pro ? ['pro'] : [],
    is_pharmacist: user.is_pharmacist === null ? null : user.is_pharmacist === 1,
    // Extension of SPEC §3: the deletion dialog asks for the password only when there is one.
    has_password: user.password_hash !== null,
  };
}
