import { z } from 'zod';
import { isValidGtin } from '@pharmaradar/shared/gtin';
import { luhnValid } from '@pharmaradar/shared/cnk';
import { RETAILER_IDS } from '../retailers/types';
import { DEMO_CATEGORIES } from './catalogue.data';

const localized = z.object({ fr: z.string().min(1), nl: z.string().min(1), en: z.string().min(1) });
const price = z.number().positive().multipleOf(0.01);

export const demoOfferSchema = z.object({ price, inStock: z.boolean() });

export const demoProductSchema = z.object({
  cnk: z
    .string()
    .regex(/^\d{7}$/)
    .refine(luhnValid, { error: 'CNK check digit (Luhn) is wrong' }),
  /** The pack's EAN-13 (GS1 Belgium prefix 54x), what the barcode scan reads (docs/architecture.md#regulated-facts). */
  ean: z
    .string()
    .regex(/^\d{13}$/)
    .refine(isValidGtin, { error: 'EAN-13 check digit is wrong' }),
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  name: localized,
  packSize: localized,
  brand: z.string().min(1),
  category: z.enum(DEMO_CATEGORIES),
  /** A medicine (Medi-Market sells it from its separate pharmacy shop). */
  medicine: z.boolean(),
  /** Prescription-only: shops list it as reserve-only; the search must filter it out. */
  prescription: z.boolean(),
  referencePrice: price,
  /** Path of the product's SVG picture on every demo shop. */
  image: z.string().startsWith('/img/'),
  offers: z.partialRecord(z.enum(RETAILER_IDS), demoOfferSchema),
});

export type DemoProduct = z.infer<typeof demoProductSchema>;
export type DemoOffer = z.infer<typeof demoOfferSchema>;
