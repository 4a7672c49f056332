import { SEARCH_SEED_ID } from '@pharmaradar/shared/first-screen-markup';
import type { SearchResult } from '@pharmaradar/shared/search.schema';

/** The fields the page reads first; the rest is the server's result as it sent it. */
function looksLikeResult(value: unknown): value is SearchResult {
  if (!value || typeof value !== 'object') return false;
  const { query, products, retailers, fetchedAt } = value as Record<string, unknown>;
  return (
    typeof query === 'string' && Array.isArray(products) && Array.isArray(retailers) && typeof fetchedAt === 'string'
  );
}

/**
 * The result of a search of `query` the drawn home page made before the app ran (ADR 167), read once
 * (the element goes); null for another query (the visitor searched again meanwhile), none, or one
 * that does not read. Not checked with the search's zod schema: the home page's first JavaScript has
 * no room for zod (the budget), and the result is the server's own answer to the page's own request,
 * put there by the small entry; a search the app makes itself is checked as before.
 */
export function takeEmbeddedSearch(query: string): SearchResult | null {
  if (typeof document === 'undefined' || query === '') return null;
  const element = document.getElementById(SEARCH_SEED_ID);
  if (!element) return null;
  element.remove();
  try {
    const result: unknown = JSON.parse(element.textContent ?? '');
    return looksLikeResult(result) && result.query === query ? result : null;
  } catch {
    return null;
  }
}
