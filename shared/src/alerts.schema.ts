import { z } from 'zod';
import { normaliseCnk } from './cnk';

// Price alerts (ADR 116): a logged-in user asks to be mailed when a product's lowest price
// falls to or below a price ('below'), or goes down at all ('drop').

export const ALERT_KINDS = ['below', 'drop'] as const;
export const alertKindSchema = z.enum(ALERT_KINDS);
export type AlertKind = z.infer<typeof alertKindSchema>;

/** Alerts one account may hold (the job re-checks each product politely; see ADR 116). */
export const MAX_ALERTS_PER_USER = 50;

/** POST /api/alerts/ body. */
export const createAlertSchema = z
  .object({
    cnk: z.string({ error: 'required' }).transform((v, ctx) => {
      const cnk = normaliseCnk(v);
      if (!cnk) ctx.addIssue({ code: 'custom', message: 'invalid_cnk' });
      return cnk ?? v;
    }),
    product_name: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(200, { error: 'too_long' }),
    kind: alertKindSchema,
    /** EUR; required for 'below', ignored for 'drop'. */
    target_price: z.number().positive({ error: 'invalid_price' }).max(10_000, { error: 'invalid_price' }).nullish(),
  })
  .refine((a) => a.kind !== 'below' || (a.target_price ?? null) !== null, {
    path: ['target_price'],
    error: 'required',
  });
export type CreateAlertInput = z.infer<typeof createAlertSchema>;

/** One alert as the account page lists it. */
export const alertSchema = z.object({
  id: z.number().int().positive(),
  cnk: z.string(),
  product_name: z.string(),
  kind: alertKindSchema,
  target_price: z.number().nullable(),
  /** The lowest price at the last check (or when it was set), null before any price was found. */
  last_price: z.number().nullable(),
  created_at: z.string(),
  last_checked_at: z.string().nullable(),
  notified_at: z.string().nullable(),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertListSchema = z.object({ alerts: z.array(alertSchema) });
export type AlertList = z.infer<typeof alertListSchema>;

/** GET/PUT /api/alerts/preferences/: whether price alerts also go by e-mail (default true). */
export const alertPreferencesSchema = z.object({ email: z.boolean({ error: 'required' }) });
export type AlertPreferences = z.infer<typeof alertPreferencesSchema>;
