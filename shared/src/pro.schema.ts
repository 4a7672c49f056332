import { z } from 'zod';
import { normaliseCnk } from './cnk';
import { pricingSettingsSchema } from './pricing/pricing.schema';
import { searchProductSchema, searchRetailerSummarySchema } from './search.schema';

/** CNKs one batch request may price: a group is sent in slices of this size (DESIGN §12 quota unit: one CNK). */
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
});
export type ProPricesRequest = z.infer<typeof proPricesRequestSchema>;

/**
 * found: the market has it; not_found: every retailer answered, none has it; error: no retailer could
 * answer; invalid_cnk: its check digit is wrong, so no retailer was asked (none of these last two counts).
 */
export const proProductStatusSchema = z.enum(['found', 'not_found', 'error', 'invalid_cnk']);
export type ProProductStatus = z.infer<typeof proProductStatusSchema>;

/** SSE `product` event: one per CNK, in the order the prices arrive. */
export const proProductEventSchema = z.object({
  cnk: z.string().regex(/^\d{7}$/),
  status: proProductStatusSchema,
  product: searchProductSchema.nullable(),
  retailers: z.array(searchRetailerSummarySchema),
  fetchedAt: z.string(),
  cached: z.boolean(),
});
export type ProProductEvent = z.infer<typeof proProductEventSchema>;

/** SSE `done` event: how many CNKs were priced (counted against the allowance) and this month's use of it. */
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

// --- group sync (DESIGN §7) ---

export const GROUP_NAME_MAX_LENGTH = 120;
export const GROUP_DESCRIPTION_MAX_LENGTH = 1000;
export const GROUP_MAX_CNKS = 2000;
export const SYNC_MAX_CHANGES = 200;

const uuidSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);

export const groupDataSchema = z.object({
  name: z.string().trim().min(1, { message: 'required' }).max(GROUP_NAME_MAX_LENGTH, { message: 'too_long' }),
  description: z.string().max(GROUP_DESCRIPTION_MAX_LENGTH, { message: 'too_long' }).default(''),
  cnks: z.array(z.string().regex(/^\d{7}$/)).max(GROUP_MAX_CNKS),
});
export type GroupData = z.infer<typeof groupDataSchema>;

/** A group as stored and synced; a deleted group is a tombstone with no data. */
export const groupChangeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('group'),
    id: uuidSchema.transform((s) => s.toLowerCase()),
    updatedAt: z.number().int().nonnegative(),
    deleted: z.boolean(),
    data: groupDataSchema.nullable(),
  }),
  z.object({
    kind: z.literal('settings'),
    // One settings record per user; the id keeps the change shape uniform.
    id: z.literal('settings'),
    updatedAt: z.number().int().nonnegative(),
    deleted: z.literal(false),
    data: pricingSettingsSchema,
  }),
]);
export type GroupChange = z.infer<typeof groupChangeSchema>;

export const groupSyncRequestSchema = z.object({
  since: z.number().int().nonnegative(),
  changes: z.array(groupChangeSchema).max(SYNC_MAX_CHANGES),
});
export type GroupSyncRequest = z.infer<typeof groupSyncRequestSchema>;

/** A change as the server holds it: with its sequence number. */
export type StoredGroupChange = GroupChange & { seq: number };
export type GroupSyncResponse = { seq: number; changes: StoredGroupChange[] };
