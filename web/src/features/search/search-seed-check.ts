import type { SearchResult } from '@pharmaradar/shared/search.schema';

/**
 * The home page's check of the search seed (lib/first-screen-seeds/search-seed.ts): the fields the page reads
 * first; the rest is the server's result as it sent it. Not the search's zod schema: the home page's
 * first JavaScript has no room for zod (the budget), and the result is the server's own answer to the
 * page's own request, put there by the small entry; a search the app makes itself is checked as before.
 */
export function searchSeed(value: unknown): SearchResult | null {
  if (!value || typeof value !== 'object') return null;
  const { query, products, retailers, fetchedAt } = value as Record<string, unknown>;
  const reads =
    typeof query === 'string' && Array.isArray(products) && Array.isArray(retailers) && typeof fetchedAt === 'string';
  return reads ? (value as SearchResult) : null;
}
