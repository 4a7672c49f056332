import { allowanceOf, planOf } from '@pharmaradar/shared/billing.schema';
import { subscriptionStatusSchema, type ServerUser } from '@pharmaradar/shared/user.schema';
import type { UserRow } from './user.repository';

/** Pro (or Ultra) from the subscription summary and the staff grant (shared/src/billing.schema.ts). */
export function isProUser(
  user: Pick<UserRow, 'subscription_status' | 'pro_until' | 'plan_grant'>,
  now: number,
): boolean {
  return planOf(user, now) !== 'free';
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/**
 * This month's Pro use of a user: the CNKs the Pro batch endpoint priced, counted by the Pro feature
 * in its own table (pro_usage) and handed to accounts by app.ts (features never import each other).
 */
export type SearchUsage = (userId: number, now: number) => number;

/** The `user` object of every answer that carries one (GET /api/auth/me/ and the login calls). */
export function serializeUser(user: UserRow, now: number, searchUsed: SearchUsage): ServerUser {
  const plan = planOf(user, now);
  const pro = plan !== 'free';
  const status = subscriptionStatusSchema.safeParse(user.subscription_status);
  return {
    id: user.id,
    email: user.email,
    username: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    is_pro: pro,
    plan,
    subscription_status: status.success ? status.data : 'unknown',
    trial_ends_at: iso(user.trial_ends_at),
    // The staff grant's end, else the end of the paid period of a paying subscription.
    pro_until: iso(user.plan_grant !== null ? user.pro_until : pro ? user.subscription_period_end : null),
    search_quota: allowanceOf(user, now),
    search_used: searchUsed(user.id, now),
    date_joined: new Date(user.date_joined).toISOString(),
    is_staff: user.is_staff === 1,
    is_superuser: user.is_superuser === 1,
    // No permission system beyond the plan yet; 'pro' lets the web gate Pro screens by name.
    permissions: pro ? ['pro'] : [],
    is_pharmacist: user.is_pharmacist === null ? null : user.is_pharmacist === 1,
    // Extension of docs/product.md#data: the deletion dialog asks for the password only when there is one.
    has_password: user.password_hash !== null,
  };
}
