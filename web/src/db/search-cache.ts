import {
  searchResultSchema,
  type QueryKind,
  type SearchProduct,
  type SearchResult,
} from '@pharmaradar/shared/search.schema';
import { db, type SavedSearch } from './db';

/** How many searches the browser keeps for offline use; older ones are dropped on save. */
export const MAX_SAVED_SEARCHES = 50;

export interface SaveSearchInput {
  /** Normalised query, the key: two spellings of one search share one entry. */
  query: string;
  kind: QueryKind;
  label: string;
  /** Shown instead of the label in the recent-searches list (a CNK search: the product's name). */
  title?: string;
  result: SearchResult;
}

export async function saveSearchResult(input: SaveSearchInput, now: number = Date.now()): Promise<void> {
  await db.transaction('rw', db.searches, async () => {
    await db.searches.put({ ...input, fetchedAt: input.result.fetchedAt, savedAt: now });
    const extra = (await db.searches.count()) - MAX_SAVED_SEARCHES;
    if (extra > 0) {
      const oldest = await db.searches.orderBy('savedAt').limit(extra).primaryKeys();
      await db.searches.bulkDelete(oldest);
    }
  });
}

/** The saved result for a normalised query, or null (also when an older app version stored another shape). */
export async function loadSearchResult(query: string): Promise<SavedSearch | null> {
  const saved = await db.searches.get(query);
  if (!saved) return null;
  return searchResultSchema.safeParse(saved.result).success ? saved : null;
}

/**
 * Most recently saved first, only searches that found a product: a saved "no results" is nothing worth
 * opening offline (older versions did store them).
 */
export async function listRecentSearches(limit: number): Promise<SavedSearch[]> {
  return db.searches
    .orderBy('savedAt')
    .reverse()
    .filter((entry) => (entry.result.products?.length ?? 0) > 0)
    .limit(limit)
    .toArray();
}

/** A product seen in a saved result, found by its landing slug: lets a landing page open offline. */
export async function findSavedProductBySlug(slug: string): Promise<SearchProduct | null> {
  // At most MAX_SAVED_SEARCHES small entries: a scan is cheaper than another index to maintain.
  const saved = await db.searches.orderBy('savedAt').reverse().toArray();
  for (const entry of saved) {
    const product = entry.result.products?.find((p) => p.slug === slug);
    if (product) return product;
  }
  return null;
}
