import { SEARCH_SEED_ID } from '@pharmaradar/shared/first-screen-markup';
import type { SearchResult } from '@pharmaradar/shared/search.schema';
import { takeEmbeddedJson, type SeedCheck } from './take-seed';

/**
 * The result of a search of `query` the drawn home page made before the app ran (ADR 167), read once
 * (the element goes); null for another query (the visitor searched again meanwhile, or the
 * address has none), none, or one that does not read.
 */
export function takeEmbeddedSearch(query: string, check: SeedCheck<SearchResult>): SearchResult | null {
  const result = takeEmbeddedJson(SEARCH_SEED_ID, check);
  return result?.query === query ? result : null;
}
