import { searchResultSchema, type SearchProduct } from '@pharmaradar/shared/search.schema';
import type { Locale } from '@pharmaradar/shared/locales';
import { Dexie } from 'dexie';
import { db, savedSearchKey, type SavedSearch } from './db';

/** How many searches the browser keeps for offline use; older ones are dropped on save. */
export const MAX_SAVED_SEARCHES = 50;

/**
 * A search to save: the stored entry but for its dates (taken from the result and the clock), its
 * `query` the normalised query alone (the language is added to make the key).
 */
export type SaveSearchInput = Omit<SavedSearch, 'fetchedAt' | 'savedAt'>;

export async function saveSearchResult(input: SaveSearchInput, now: number = Date.now()): Promise<void> {
  await db.transaction('rw', db.searches, async () => {
    const query = savedSearchKey(input.lang, input.query);
    await db.searches.put({ ...input, query, fetchedAt: input.result.fetchedAt, savedAt: now });
    const extra = (await db.searches.count()) - MAX_SAVED_SEARCHES;
    if (extra > 0) {
      const oldest = await db.searches.orderBy('savedAt').limit(extra).primaryKeys();
      await db.searches.bulkDelete(oldest);
    }
  });
}

/**
 * The saved result for a normalised query in one language, or null (also when an older app version
 * stored another shape).
 */
export async function loadSearchResult(query: string, lang: Locale): Promise<SavedSearch | null> {
  const saved = await db.searches.get(savedSearchKey(lang, query));
  if (!saved) return null;
  return searchResultSchema.safeParse(saved.result).success ? saved : null;
}

/** One language's saved searches, newest first. */
const inLanguage = (lang: Locale) =>
  db.searches.where('[lang+savedAt]').between([lang, Dexie.minKey], [lang, Dexie.maxKey]).reverse();

/**
 * The searches saved in one language, most recently saved first, only those that found a product: a
 * saved "no results" is nothing worth opening offline (older versions did store them).
 */
export async function listRecentSearches(limit: number, lang: Locale): Promise<SavedSearch[]> {
  return inLanguage(lang)
    .filter((entry) => (entry.result.products?.length ?? 0) > 0)
    .limit(limit)
    .toArray();
}

/**
 * A product seen in a result saved in this language, found by its landing slug: lets a landing page
 * open offline, with the product's name as the shops give it in that language.
 */
export async function findSavedProductBySlug(slug: string, lang: Locale): Promise<SearchProduct | null> {
  // At most MAX_SAVED_SEARCHES small entries: a scan is cheaper than another index to maintain.
  const saved = await inLanguage(lang).toArray();
  for (const entry of saved) {
    const product = entry.result.products?.find((p) => p.slug === slug);
    if (product) return product;
  }
  return null;
}
