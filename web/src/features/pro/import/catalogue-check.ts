// The import preview asks the official catalogue about its rows when online, keeps the answer on the
// device, and flags from what the device knows, so the flags survive offline (docs/decisions/161).
import { GROUP_MAX_CNKS } from '@pharmaradar/shared/group-sync-limits';
import type { ImportRow } from '@pharmaradar/shared/import-table';
import type { Locale } from '@pharmaradar/shared/locales';
import { proStore } from '../data/pro-store';
import { fetchProCatalogue } from '../pro-catalogue.client';
import { catalogueFlags, type CatalogueCheck } from './catalogue-flags';

/** Asks the server about `cnks` and keeps the answers; unreachable or refused: what the device knows stays. */
export async function askCatalogue(cnks: readonly string[], lang: Locale): Promise<void> {
  try {
    for (let i = 0; i < cnks.length; i += GROUP_MAX_CNKS) {
      await proStore.storeOfficial(await fetchProCatalogue(cnks.slice(i, i + GROUP_MAX_CNKS), lang));
    }
  } catch {
    // The preview flags, and lines take their kind's VAT, from what the device already knows.
  }
}

export async function checkImportCatalogue(
  rows: readonly Pick<ImportRow, 'line' | 'cnk'>[],
  lang: Locale,
  online: boolean = navigator.onLine,
): Promise<CatalogueCheck> {
  const cnks = [...new Set(rows.map((r) => r.cnk))];
  if (cnks.length === 0) return { flags: [], waiting: 0, kinds: new Map() };
  if (online) await askCatalogue(cnks, lang);
  const { catalogue, facts } = await proStore.officialOf(cnks);
  return catalogueFlags(rows, facts, catalogue);
}
