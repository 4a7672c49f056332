import { z } from 'zod';

/** Subscription statuses of SPEC §4, plus 'unknown' for an authenticated user whose status was not sent. */
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
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** 'ultra' is set by staff only (DESIGN §12) and gives everything 'pro' gives. */
export const PLANS = ['free', 'pro', 'ultra'] as const;
export const planSchema = z.enum(PLANS);
export type Plan = z.infer<typeof planSchema>;

/** The current user as the web sees it (SPEC §3), always produced by normalizeCurrentUser. */
export const currentUserSchema = z.object({
  id: z.number().nullable(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  isPro: z.boolean(),
  plan: planSchema,
  subscription_status: subscriptionStatusSchema,
  trial_ends_at: z.string().nullable(),
  pro_until: z.string().nullable(),
  search_quota: z.number().nullable(),
  search_used: z.number().nullable(),
  date_joined: z.string().nullable(),
  is_staff: z.boolean(),
  is_superuser: z.boolean(),
  permissions: z.array(z.string()),
  is_pharmacist: z.boolean().nullable(),
  /**
   * Extension of SPEC §3: whether the account has a password (false for a Google-only account), so
   * the deletion dialog knows whether to ask for it; null when anonymous or not sent.
   */
  has_password: z.boolean().nullable(),
  isAuthenticated: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

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

/**
 * What the server sends for a user (GET /api/auth/me/ -> `{user: ServerUser | null}`); the web always runs it
 * through normalizeCurrentUser, which tolerates missing or malformed fields.
 */
export const serverUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_pro: z.boolean(),
  plan: planSchema,
  subscription_status: subscriptionStatusSchema,
  trial_ends_at: z.string().nullable(),
  pro_until: z.string().nullable(),
  search_quota: z.number().nullable(),
  search_used: z.number(),
  date_joined: z.string(),
  is_staff: z.boolean(),
  is_superuser: z.boolean(),
  permissions: z.array(z.string()),
  is_pharmacist: z.boolean().nullable(),
  /** Extension of SPEC §3 (see currentUserSchema); always sent by this server. */
  has_password: z.boolean().optional(),
});
export type ServerUser = z.infer<typeof serverUserSchema>;

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

function firstBoolean(...values: unknown[]): boolean | undefined {
  return values.find((v): v is boolean => typeof v === 'boolean');
}

/**
 * Turns any me-style answer (the user, `{user: …}`, null, garbage) into a CurrentUser (SPEC §3).
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
  const rawPlan = planSchema.safeParse(source.plan);
  const rawStatus = subscriptionStatusSchema.safeParse(source.subscription_status);
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
    // The server's plan wins when it sent one (Ultra); is_pro alone means 'pro' (DESIGN §12).
    plan: rawPlan.success && (rawPlan.data !== 'free' || !isPro) ? rawPlan.data : isPro ? 'pro' : 'free',
    subscription_status: rawStatus.success ? rawStatus.data : 'unknown',
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

/** GET /api/auth/me/ and every call that logs in or edits the user answer `{user}`; `null` means anonymous. */
export const userResponseSchema = z.object({ user: serverUserSchema.nullable() });
export type UserResponse = z.infer<typeof userResponseSchema>;
