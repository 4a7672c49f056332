import { classifyQuery } from '@pharmaradar/shared/cnk';
import type { QueryKind } from '@pharmaradar/shared/search.schema';

export interface SearchKey {
  /** The IndexedDB key: two spellings of one search ("Dafalgan " / "dafalgan", "372 0083" / "3720083") share it. */
  key: string;
  kind: QueryKind;
}

/** Classified exactly as the server does (shared/cnk.ts), so the saved `kind` matches the answer. */
export function searchKey(query: string): SearchKey {
  const { kind, value } = classifyQuery(query);
  return { key: `${kind}:${kind === 'cnk' ? value : value.normalize('NFC').toLowerCase()}`, kind };
}
