// The Pro tool's stored shapes, for the code outside the data layer: it never imports the database
// itself (docs/decisions/142), only these types and `proStore`.
export type {
  ProGroupRecord,
  ProOfferRecord,
  ProOfficialRecord,
  ProOutboxEntry,
  ProReportRecord,
  ProReportRow,
} from '../../../db/db';

/**
 * The catalogue purchase price (excl. VAT), VAT rate and own name known for one CNK; null where none is
 * known. As an update, a field left out keeps what is known.
 */
export type CatalogueEntry = { price: number | null; vat: number | null; name?: string | null };
export type CatalogueUpdate = { cnk: string } & Partial<CatalogueEntry>;
