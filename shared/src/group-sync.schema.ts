// Group sync (docs/architecture.md#offline-first-and-sync, docs/decisions/132): what a device sends to POST /api/groups/sync and what it gets back.
import { z } from 'zod';
import {
  GROUP_DESCRIPTION_MAX_LENGTH,
  GROUP_LINE_NAME_MAX_LENGTH,
  GROUP_MAX_CNKS,
  GROUP_NAME_MAX_LENGTH,
  SYNC_MAX_CHANGES,
} from './group-sync-limits';
import { pricingSettingsSchema, vatPercentSchema } from './pricing.schema';
import { vatSourceSchema } from './vat-rule';

export * from './group-sync-limits';

const uuidSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
const storedCnkSchema = z.string().regex(/^\d{7}$/);

/**
 * One line of a group as sync carries it (docs/decisions/151; the wire format, kept for older builds
 * and the server's per-field merge): the purchase price excl. VAT, the VAT rate and the pharmacist's
 * own name. A field left out is not known. The device's own shape is `GroupLine` (group-line.ts).
 * `vatFrom` says who decided `vat` (docs/decisions/215); older builds leave it out and drop it.
 */
export const syncedLineSchema = z.object({
  price: z.number().finite().positive().max(1_000_000).optional(),
  vat: vatPercentSchema.optional(),
  vatFrom: vatSourceSchema.optional(),
  name: z.string().trim().min(1).max(GROUP_LINE_NAME_MAX_LENGTH).optional(),
});
export type SyncedLine = z.infer<typeof syncedLineSchema>;

/** The lines by CNK. Absent from older clients: the server then keeps the stored lines. */
export const groupLinesSchema = z
  .record(storedCnkSchema, syncedLineSchema)
  .refine((lines) => Object.keys(lines).length <= GROUP_MAX_CNKS, { message: 'too_many_lines' });
export type GroupLines = z.infer<typeof groupLinesSchema>;

export const groupDataSchema = z.object({
  name: z.string().trim().min(1, { message: 'required' }).max(GROUP_NAME_MAX_LENGTH, { message: 'too_long' }),
  description: z.string().max(GROUP_DESCRIPTION_MAX_LENGTH, { message: 'too_long' }).default(''),
  cnks: z.array(storedCnkSchema).max(GROUP_MAX_CNKS),
  lines: groupLinesSchema.optional(),
});
export type GroupData = z.infer<typeof groupDataSchema>;

/**
 * The server version a device's edit started from: its sequence number and its content then. The
 * server merges the edit against it (docs/decisions/132), so a change made elsewhere meanwhile stays.
 */
export const groupBaseSchema = z.object({
  seq: z.number().int().positive(),
  name: z.string().max(GROUP_NAME_MAX_LENGTH),
  description: z.string().max(GROUP_DESCRIPTION_MAX_LENGTH),
  cnks: z.array(storedCnkSchema).max(GROUP_MAX_CNKS),
  lines: groupLinesSchema.optional(),
});
export type GroupBase = z.infer<typeof groupBaseSchema>;

/**
 * A group as stored and synced; a deleted group is a tombstone with no data. `updatedAt` is the
 * device's clock when sent and the server's when stored: the server orders changes by its own
 * sequence, never by a device's clock. `base` is null for a group the device made and has not yet seen
 * stored; absent from older clients.
 */
export const groupChangeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('group'),
    id: uuidSchema.transform((s) => s.toLowerCase()),
    updatedAt: z.number().int().nonnegative(),
    deleted: z.boolean(),
    data: groupDataSchema.nullable(),
    base: groupBaseSchema.nullable().optional(),
  }),
  z.object({
    kind: z.literal('settings'),
    // One settings record per user; the id keeps the change shape uniform.
    id: z.literal('settings'),
    updatedAt: z.number().int().nonnegative(),
    deleted: z.literal(false),
    data: pricingSettingsSchema,
    /**
     * The settings as the device last had them from the server (docs/decisions/151): only the fields
     * changed since are applied, so a strategy changed here leaves margins set elsewhere alone. Absent
     * from older clients (their settings replace the stored ones whole).
     */
    base: pricingSettingsSchema.nullable().optional(),
  }),
]);
export type GroupChange = z.infer<typeof groupChangeSchema>;

export const groupSyncRequestSchema = z.object({
  since: z.number().int().nonnegative(),
  changes: z.array(groupChangeSchema).max(SYNC_MAX_CHANGES),
});
export type GroupSyncRequest = z.infer<typeof groupSyncRequestSchema>;

/** A change as the server holds it: with its sequence number (and no base). */
export type StoredGroupChange = GroupChange & { seq: number };

/**
 * A change of the request the server did not (fully) apply: `deleted`, the group was deleted on
 * another device; `conflict`, another device changed the same `fields` since the base, and its
 * values stay (the CNK additions and removals of both sides are always kept).
 */
export const notAppliedSchema = z.object({
  kind: z.enum(['group', 'settings']),
  id: z.string(),
  reason: z.enum(['deleted', 'conflict']),
  fields: z.array(z.enum(['name', 'description'])),
});
export type NotApplied = z.infer<typeof notAppliedSchema>;

/**
 * The answer: one page of the stored changes after `since`, in sequence order. `seq` is the cursor to
 * send next; `more` says another page waits (ask again from `seq` until it is false).
 */
export type GroupSyncResponse = {
  seq: number;
  changes: StoredGroupChange[];
  more: boolean;
  notApplied: NotApplied[];
  /**
   * Seconds between two pulls of an open Pro tool (the server's PRO_PULL_EVERY_S, docs/decisions/218);
   * older servers leave it out and the device keeps its own default.
   */
  pullEverySeconds?: number;
};
