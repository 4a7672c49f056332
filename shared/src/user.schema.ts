import { z } from 'zod';
import { PLANS, SUBSCRIPTION_STATUSES, type CurrentUser } from './current-user';
import type { Same } from './same-type';

// The boot path of the web normalises the current user without zod (current-user.ts, ADR 036); these
// schemas describe the same shapes for the routes and the calls that validate, and
// current-user.test.ts keeps both in step.
export { ANONYMOUS_USER, PLANS, SUBSCRIPTION_STATUSES, normalizeCurrentUser } from './current-user';
export type { CurrentUser, Plan, SubscriptionStatus } from './current-user';

export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);

export const planSchema = z.enum(PLANS);

/** The current user as the web sees it (docs/product.md#data), always produced by normalizeCurrentUser. */
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
   * Extension of docs/product.md#data: whether the account has a password (false for a Google-only account), so
   * the deletion dialog knows whether to ask for it; null when anonymous or not sent.
   */
  has_password: z.boolean().nullable(),
  isAuthenticated: z.boolean(),
});
/** Compile-time proof that the schema and the hand-written CurrentUser describe the same object. */
const currentUserMatchesSchema: Same<z.infer<typeof currentUserSchema>, CurrentUser> = true;
void currentUserMatchesSchema;

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
  /** Extension of docs/product.md#data (see currentUserSchema); always sent by this server. */
  has_password: z.boolean().optional(),
});
export type ServerUser = z.infer<typeof serverUserSchema>;

/** GET /api/auth/me/ and every call that logs in or edits the user answer `{user}`; `null` means anonymous. */
export const userResponseSchema = z.object({ user: serverUserSchema.nullable() });
export type UserResponse = z.infer<typeof userResponseSchema>;
