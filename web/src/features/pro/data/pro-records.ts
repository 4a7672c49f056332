// The Pro tool's stored shapes, for the code outside the data layer: it never imports the database
// itself (docs/decisions/142), only these types and `proStore`.
export type {
  ProGroupRecord,
  ProOfferRecord,
  ProOutboxEntry,
  ProReportRecord,
  ProReportRow,
} from '../../../db/db';
export type { GroupLine, GroupLineUpdate } from '@pharmaradar/shared/group-line';
