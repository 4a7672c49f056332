// The export's "prices read at … from … to …" line, from the rows the table shows: the shops that
// answered for them (display names) and the oldest and newest time a price was read.
import { retailerName } from '../../../lib/retailers';
import type { GroupRow } from '../group/group-rows';
import type { PriceSource } from './xlsx-export';

export function priceSourceOf(rows: readonly Pick<GroupRow, 'record'>[], demo: boolean | null): PriceSource {
  const ids = new Set<string>();
  const times: string[] = [];
  for (const { record } of rows) {
    if (!record || record.status === 'invalid_cnk') continue;
    for (const id of record.retailers ?? []) ids.add(id);
    if (Number.isFinite(Date.parse(record.fetchedAt))) times.push(new Date(record.fetchedAt).toISOString());
  }
  times.sort();
  const shops = [...ids].map(retailerName).sort((a, b) => a.localeCompare(b));
  return { shops, from: times[0] ?? null, to: times.at(-1) ?? null, demo };
}
