// The Pro tool's stored shapes, for the code outside the data layer: it never imports the database
// itself (docs/decisions/142), only these types and `proStore`.
export type {
  ProGroupRecord,
  ProOfferRecord,
  ProOutboxEntry,
  ProReportRecord,
  ProReportRow,
} from '../../../db/db';

/**
 * The catalogue purchase price (excl. VAT) and VAT rate typed for one CNK; null where none was typed.
 * `name`: the product's name in the pharmacist's own file, shown over the shops' names (its language
 * and wording are the pharmacist's); absent or null when no file named it.
 */
export type CatalogueEntry = { price: number | null; vat: number | null; name?: string | null };
