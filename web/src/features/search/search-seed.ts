import { SEARCH_SEED_ID } from '@pharmaradar/shared/first-screen-markup';
import { searchResultSchema, type SearchResult } from '@pharmaradar/shared/search.schema';

/**
 * The result of a search of `query` the drawn home page made before the app ran (ADR 167), read once
 * (the element goes); null for another query (the visitor searched again meanwhile), none, or one
 * that does not read. Here rather than in first-screen-seeds: that module brings the product page's
 * schemas, which the home page's JavaScript budget has no room for.
 */
export function takeEmbeddedSearch(query: string): SearchResult | null {
  if (typeof document === 'undefined' || query === '') return null;
  const element = document.getElementById(SEARCH_SEED_ID);
  if (!element) return null;
  element.remove();
  try {
    const result = searchResultSchema.parse(JSON.parse(element.textContent ?? ''));
    return result.query === query ? result : null;
  } catch {
    return null;
  }
}
