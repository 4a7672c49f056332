import type { Locale } from '@pharmaradar/shared/locales';
import type { SearchResult } from '@pharmaradar/shared/search.schema';
import { saveSearchResult } from '../../../db/search-cache';
import { dafalganResult } from './search-fixtures';

/**
 * Saves on the device, as the app does after a search, the answer to `<kind>:<label>` searched in
 * `lang`: Dafalgan's three offers (dafalganResult), with what `result` changes.
 */
export function saveDafalganSearch(
  lang: Locale,
  kind: 'name' | 'cnk',
  label: string,
  result: Partial<SearchResult> = {},
): Promise<void> {
  return saveSearchResult({
    query: `${kind}:${label}`,
    lang,
    kind,
    label,
    result: dafalganResult({ kind, ...result }),
  });
}
