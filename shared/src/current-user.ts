// The current user of docs/product.md#data without zod: the web normalises GET /api/auth/me/ at boot, before the
// first screen, and zod is not part of the home page's first JavaScript (ADR 036). The zod
// schemas of the same shapes live in user.schema.ts; current-user.test.ts runs both on one set of
// fixtures so they cannot drift apart.

/** Subscription statuses of docs/product.md#states, plus 'unknown' for an authenticated user whose status was not sent. */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'canceled',
  'canceled_at_period_end',
  'incomplete',
  'incomplete_expired',
  'unpaid',
  'none',
  'unknown',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** 'ultra' is set by staff only (docs/architecture.md#billing-and-plans) and gives everything 'pro' gives. */
export const PLANS = ['free', 'pro', 'ultra'] as const;
export type Plan = (typeof PLANS)[number];

/** The current user as the web sees it (docs/product.md#data), always produced by normalizeCurrentUser. */
export interface CurrentUser {
  id: number | null;
  email: string | null;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  isPro: boolean;
  plan: Plan;
  subscription_status: SubscriptionStatus;
  trial_ends_at: string | null;
  pro_until: string | null;
  search_quota: number | null;
  search_used: number | null;
  date_joined: string | null;
  is_staff: boolean;
  is_superuser: boolean;
  permissions: string[];
  is_pharmacist: boolean | null;
  /**
   * Extension of docs/product.md#data: whether the account has a password (false for a Google-only account), so
   * the deletion dialog knows whether to ask for it; null when anonymous or not sent.
   */
  has_password: boolean | null;
  isAuthenticated: boolean;
}

export const ANONYMOUS_USER: Readonly<CurrentUser> = Object.freeze({
  id: null,
  email: null,
  username: null,
  first_name: null,
  last_name: null,
  isPro: false,
  plan: 'free',
  subscription_status: 'none',
  trial_ends_at: null,
  pro_until: null,
  search_quota: null,
  search_used: null,
  date_joined: null,
  is_staff: false,
  is_superuser: false,
  permissions: [] as string[],
  is_pharmacist: null,
  has_password: null,
  isAuthenticated: false,
});

type Raw = Record<string, unknown>;

function isRecord(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function finiteNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  // Some back-ends send numeric ids as strings; accept them only when they are plain numbers.
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return null;
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function oneOf<T extends string>(values: readonly T[], value: unknown): T | undefined {
  return (values as readonly unknown[]).includes(value) ? (value as T) : undefined;
}

function firstBoolean(...values: unknown[]): boolean | undefined {
  return values.find((v): v is boolean => typeof v === 'boolean');
}

/**
 * Turns any me-style answer (the user, `{user: …}`, null, garbage) into a CurrentUser (docs/product.md#data).
 * Idempotent: normalising an already normalised user gives the same user.
 */
export function normalizeCurrentUser(raw: unknown): CurrentUser {
  const source = isRecord(raw) && 'user' in raw ? raw.user : raw;
  if (!isRecord(source)) return anonymous();

  const id = finiteNumber(source.id);
  const email = stringOrNull(source.email);
  const isAuthenticated = id !== null || (email !== null && email.includes('@'));
  if (!isAuthenticated) return anonymous();

  const isPro = firstBoolean(source.is_pro, source.pro, source.isPro) ?? false;
  const permissions = Array.isArray(source.permissions)
    ? source.permissions.filter((p): p is string => typeof p === 'string')
    : [];

  return {
    id,
    email,
    username: stringOrNull(source.username),
    first_name: stringOrNull(source.first_name),
    last_name: stringOrNull(source.last_name),
    isPro,
    // The server's plan wins when it sent one (Ultra); is_pro alone means 'pro' (docs/architecture.md#billing-and-plans).
    plan: planFrom(oneOf(PLANS, source.plan), isPro),
    subscription_status: oneOf(SUBSCRIPTION_STATUSES, source.subscription_status) ?? 'unknown',
    trial_ends_at: stringOrNull(source.trial_ends_at),
    pro_until: stringOrNull(source.pro_until),
    search_quota: finiteNumber(source.search_quota),
    search_used: finiteNumber(source.search_used),
    date_joined: stringOrNull(source.date_joined),
    is_staff: source.is_staff === true,
    is_superuser: source.is_superuser === true,
    permissions,
    is_pharmacist: typeof source.is_pharmacist === 'boolean' ? source.is_pharmacist : null,
    has_password: typeof source.has_password === 'boolean' ? source.has_password : null,
    isAuthenticated: true,
  };
}

function anonymous(): CurrentUser {
  return { ...ANONYMOUS_USER, permissions: [] };
}

function planFrom(sent: Plan | undefined, isPro: boolean): Plan {
  if (sent && (sent !== 'free' || !isPro)) return sent;
  return isPro ? 'pro' : 'free';
}
