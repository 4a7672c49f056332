import { z } from 'zod';
import { LOCALES } from './locales';
import { unitPriceSchema } from './unit-price.schema';

// GET /api/products/:cnk/equivalents/: the other packs of the same medicine (same active ingredient,
// strength and form: one VMP of the official catalogue) that a consumer may buy without a
// prescription, with the best price known for each (docs/decisions/159).

/** The path's CNK (6 or 7 digits, left-padded to 7) and the language of the names. */
export const equivalentsRequestSchema = z.object({
  cnk: z
    .string()
    .regex(/^\d{6,7}$/, { error: 'invalid_cnk' })
    .transform((cnk) => cnk.padStart(7, '0')),
  lang: z.enum(LOCALES, { error: 'invalid_language' }).optional(),
});

export const equivalentSchema = z.object({
  cnk: z.string().regex(/^\d{7}$/),
  /** The official product name in the language asked for (fr when the catalogue has none). */
  name: z.string().min(1),
  /** The official pack text ("30", "5 x 1 ml"), or null. */
  pack: z.string().nullable(),
  /** The product's landing page, when it has one. */
  slug: z.string().nullable(),
  /** The lowest current price the price history knows (euros), or null when none is known. */
  bestPrice: z.number().nonnegative().nullable(),
  unitPrice: unitPriceSchema.nullable(),
});
export type Equivalent = z.infer<typeof equivalentSchema>;

export const equivalentsResponseSchema = z.object({
  cnk: z.string().regex(/^\d{7}$/),
  /** The VMP the product belongs to; null when the catalogue gives it none. */
  group: z.object({ code: z.string().min(1), name: z.string().min(1) }).nullable(),
  /** Cheapest unit price first; packs with no known price last. */
  equivalents: z.array(equivalentSchema),
});
export type EquivalentsResponse = z.infer<typeof equivalentsResponseSchema>;
