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
    // Loaded on use: Dexie stays out of the first screen's JavaScript (home budget, issue 8.12).
    const { db } = await import('../../db/db');
    await db.searches.clear();
  } catch {
    // IndexedDB unavailable (private mode): nothing was saved.
  }
}
