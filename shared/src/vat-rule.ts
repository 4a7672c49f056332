// Where a Pro line's VAT comes from (docs/decisions/215). A line's VAT is what the pharmacist's file or
// hand gave, else the rate of its product kind as the official catalogue knows it; a line whose kind
// is not known has no VAT until the pharmacist sets one, and nothing is priced from an assumed rate.
import { z } from 'zod';
import { VAT_MEDICINE_PERCENT, VAT_STANDARD_PERCENT } from './pricing.schema';

/** What the official catalogue (SAM) says a CNK is: a medicine pack (AMPP) or a non-medicinal product. */
export const productKindSchema = z.enum(['medicine', 'non-medicinal']);
export type ProductKind = z.infer<typeof productKindSchema>;

/** Who decided a line's VAT. A line without a source and with a VAT had it before sources were kept. */
export const vatSourceSchema = z.enum(['file', 'pharmacist', 'catalogue-medicine', 'catalogue-non-medicinal']);
export type VatSource = z.infer<typeof vatSourceSchema>;

/** The rate of a product kind: 6 % for a medicine, 21 % for a non-medicinal product. */
export const vatOfKind = (kind: ProductKind): number =>
  kind === 'medicine' ? VAT_MEDICINE_PERCENT : VAT_STANDARD_PERCENT;

/** A line's VAT and where it came from; both null: the VAT is to be set by the pharmacist. */
export type VatDecision = { vatPercent: number | null; vatSource: VatSource | null };

/**
 * The VAT of an imported line: the file's rate when it has one, else its kind's rate, else none.
 * `kind` null or undefined: the catalogue does not know the CNK, or has not been asked yet.
 */
export function importedVat(fileVat: number | null, kind: ProductKind | null | undefined): VatDecision {
  if (fileVat !== null) return { vatPercent: fileVat, vatSource: 'file' };
  if (kind) return { vatPercent: vatOfKind(kind), vatSource: `catalogue-${kind}` };
  return { vatPercent: null, vatSource: null };
}

/**
 * The update that gives a line without VAT its kind's rate, or null: a line with a VAT keeps it, whoever
 * gave it (the file, the pharmacist, or a device before sources were kept), and an unknown kind gives none.
 */
export function kindVatUpdate(
  line: { cnk: string; vatPercent: number | null },
  kind: ProductKind | null | undefined,
): { cnk: string; vatPercent: number; vatSource: VatSource } | null {
  if (line.vatPercent !== null || !kind) return null;
  return { cnk: line.cnk, vatPercent: vatOfKind(kind), vatSource: `catalogue-${kind}` };
}
