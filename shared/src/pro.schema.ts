import { z } from 'zod';
import { normaliseCnk } from './cnk';
import { GROUP_MAX_CNKS } from './group-sync-limits';
import { DEFAULT_LOCALE } from './locales';
import { officialExclusionSchema, proOfficialSchema } from './pro-catalogue.schema';
import { localeSchema, searchProductSchema, searchRetailerSummarySchema } from './search.schema';

/** CNKs one batch request may price: a group is sent in slices of this size (docs/architecture.md#pro-allowance quota unit: one CNK). */
export const PRO_PRICES_MAX_CNKS = 100;

/** A CNK as typed or imported (6–7 digits, spaces and dots ignored), normalised to 7 digits. */
export const proCnkSchema = z
  .string()
  .max(20)
  .transform((value, ctx) => {
    const cnk = normaliseCnk(value);
    if (!cnk) {
      ctx.addIssue({ code: 'custom', message: 'invalid_cnk' });
      return z.NEVER;
    }
    return cnk;
  });

/** POST /api/pro/prices body: duplicates are priced (and counted) once. */
export const proPricesRequestSchema = z.object({
  cnks: z
    .array(proCnkSchema)
    .min(1, { message: 'required' })
    .max(PRO_PRICES_MAX_CNKS, { message: 'too_many_cnks' })
    .transform((cnks) => [...new Set(cnks)]),
  /** The interface language: offer names and links come in it where the shop has it (ADR 148). */
  lang: localeSchema.default(DEFAULT_LOCALE),
  /**
   * "Refresh now": ask the shops live even where the market store has a fresh price (docs/decisions/234).
   * Absent or false: a CNK with a fresh stored price is answered from the store at once.
   */
  live: z.boolean().default(false),
});
export type ProPricesRequest = z.infer<typeof proPricesRequestSchema>;

/**
 * found: the market has it; not_found: every retailer answered, none has it; error: no retailer could
 * answer; invalid_cnk: its check digit is wrong; excluded: the official catalogue keeps the pack out of
 * the market prices (prescription-only, suspended, revoked: docs/decisions/154). No retailer is asked
 * for the last two and neither counts against the allowance.
 */
export const proProductStatusSchema = z.enum(['found', 'not_found', 'error', 'invalid_cnk', 'excluded']);
export type ProProductStatus = z.infer<typeof proProductStatusSchema>;

/** SSE `product` event: one per CNK, in the order the prices arrive. */
export const proProductEventSchema = z.object({
  cnk: z.string().regex(/^\d{7}$/),
  status: proProductStatusSchema,
  product: searchProductSchema.nullable(),
  retailers: z.array(searchRetailerSummarySchema),
  /** When the oldest price of the row was fetched from its shop (ISO): the time the web shows per row. */
  fetchedAt: z.string(),
  cached: z.boolean(),
  /**
   * Where the row's prices come from: `market` the store kept warm (no shop asked for this answer),
   * `live` the shops asked now or a search answered minutes ago (docs/decisions/234). Absent from
   * answers saved before it existed.
   */
  source: z.enum(['market', 'live']).optional(),
  /** Why the catalogue excludes it (status `excluded`); absent otherwise. */
  exclusion: officialExclusionSchema.optional(),
  /** The official name and pack when the catalogue knows the CNK (docs/decisions/161); absent otherwise. */
  official: proOfficialSchema.optional(),
});
export type ProProductEvent = z.infer<typeof proProductEventSchema>;

/**
 * SSE `done` event: how many CNKs this batch counted against the allowance (priced and not yet charged
 * this month: docs/decisions/147) and this month's use of it.
 */
export const proDoneEventSchema = z.object({
  count: z.number().int().nonnegative(),
  quota: z.number().int().nonnegative(),
  used: z.number().int().nonnegative(),
  resetsOn: z.string(),
});
export type ProDoneEvent = z.infer<typeof proDoneEventSchema>;

/** GET /api/pro/usage: this month's use of the allowance, before any analysis. */
export const proUsageSchema = proDoneEventSchema.omit({ count: true });
export type ProUsage = z.infer<typeof proUsageSchema>;

/** POST /api/pro/usage/cost body: the CNKs an analysis would price (a whole group at most). */
export const proCostRequestSchema = z.object({
  cnks: z
    .array(proCnkSchema)
    .min(1, { message: 'required' })
    .max(GROUP_MAX_CNKS, { message: 'too_many_cnks' })
    .transform((cnks) => [...new Set(cnks)]),
});
export type ProCostRequest = z.infer<typeof proCostRequestSchema>;

/**
 * What pricing those CNKs now would take from the allowance (docs/decisions/147): `cost` CNKs not yet
 * charged this month of the `remaining` ones; `alreadyCharged` and `invalid` (wrong check digit) are
 * free. When `fits` is false, POST /api/pro/prices refuses a batch of them whole (429 quota_exceeded).
 */
export const proCostSchema = proUsageSchema.extend({
  remaining: z.number().int().nonnegative(),
  cost: z.number().int().nonnegative(),
  alreadyCharged: z.number().int().nonnegative(),
  invalid: z.number().int().nonnegative(),
  /** CNKs the official catalogue excludes: never priced, free (docs/decisions/154). */
  excluded: z.number().int().nonnegative(),
  fits: z.boolean(),
});
export type ProCost = z.infer<typeof proCostSchema>;

// Group sync (docs/architecture.md#offline-first-and-sync) has its own file; re-exported so existing imports keep working.
export * from './group-sync.schema';
