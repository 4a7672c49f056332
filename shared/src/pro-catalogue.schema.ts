import { z } from 'zod';
import { GROUP_MAX_CNKS } from './group-sync-limits';
import { DEFAULT_LOCALE } from './locales';
import { localeSchema } from './search.schema';
import { productKindSchema } from './vat-rule';

// What the Pro tool learns of the official catalogue (SAM) per CNK (docs/decisions/161): the reason a
// pack is never priced, and the official name and pack shown beside the shops' titles.

/** Why the official catalogue keeps a pack out of the market prices (docs/decisions/154). */
export const officialExclusionSchema = z.enum(['prescription', 'suspended', 'revoked', 'not_authorised']);
export type OfficialExclusion = z.infer<typeof officialExclusionSchema>;

/** The official name and pack of a CNK, in the language asked for (fr when missing). */
export const proOfficialSchema = z.object({
  name: z.string(),
  /** The pack's own official name ("Dafalgan 500 mg comp. 30"), null when the export has none. */
  packName: z.string().nullable(),
  /** The pack as the catalogue writes it ("30", "5 x 1 ml"), null when unknown. */
  pack: z.string().nullable(),
  /** False: withdrawn from the market (no current commercialisation, or non-medicinal status S). */
  marketed: z.boolean(),
});
export type ProOfficial = z.infer<typeof proOfficialSchema>;

/** POST /api/pro/catalogue body: an import's or a group's CNKs (duplicates answered once). */
export const proCatalogueRequestSchema = z.object({
  cnks: z
    .array(z.string().regex(/^\d{7}$/, { message: 'invalid_cnk' }))
    .min(1, { message: 'required' })
    .max(GROUP_MAX_CNKS, { message: 'too_many_cnks' })
    .transform((cnks) => [...new Set(cnks)]),
  lang: localeSchema.default(DEFAULT_LOCALE),
});
export type ProCatalogueRequest = z.input<typeof proCatalogueRequestSchema>;

/**
 * One CNK: `known` false when the catalogue does not have it (the shops' flags decide, as before);
 * `kind` medicine or non-medicinal product, which gives a line without VAT its rate (docs/decisions/215),
 * null when not known; `exclusion` the reason it is never priced, else null; `official` its names.
 */
export const proCatalogueFactSchema = z.object({
  cnk: z.string().regex(/^\d{7}$/),
  known: z.boolean(),
  kind: productKindSchema.nullable(),
  exclusion: officialExclusionSchema.nullable(),
  official: proOfficialSchema.nullable(),
});
export type ProCatalogueFact = z.infer<typeof proCatalogueFactSchema>;

/**
 * The answer: `catalogue` null when none is imported (then nothing is flagged, every CNK is unknown),
 * else the live export's version and reference date, which the device keeps beside the facts.
 */
export const proCatalogueResponseSchema = z.object({
  catalogue: z.object({ version: z.string().nullable(), referenceDate: z.string() }).nullable(),
  facts: z.array(proCatalogueFactSchema),
});
export type ProCatalogueResponse = z.infer<typeof proCatalogueResponseSchema>;
