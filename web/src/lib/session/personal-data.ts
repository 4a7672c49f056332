import { db } from '../../db/db';

/**
 * What a signed-in user leaves on the device: their searches (IndexedDB) and session-scoped storage.
 * Wiped at logout so the next person at a shared counter tablet finds nothing of theirs (issue 8.8).
 */
export async function clearPersonalData(): Promise<void> {
  try {
    globalThis.sessionStorage?.clear();
  } catch {
    // Storage disabled: nothing was kept there either.
  }
  try {
    await db.searches.clear();
  } catch {
    // IndexedDB unavailable (private mode): nothing was saved.
  }
}
