import type { GroupRow } from '../group/group-rows';
import type { ExportRow } from './xlsx-export';

/**
 * A table row as the export writes it: its name and card exactly as the table shows them (so a CNK the
 * market does not know keeps the file's own name, ADR 152), and why it has no price.
 */
export const exportRow = (r: GroupRow): ExportRow => ({
  cnk: r.cnk,
  name: r.name,
  official: r.official,
  card: r.card,
  marketStatus:
    r.mark === 'not_found' || r.mark === 'retailer_error' || r.mark === 'invalid_cnk' || r.mark === 'excluded'
      ? r.mark
      : 'ok',
});
