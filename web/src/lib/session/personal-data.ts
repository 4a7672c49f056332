import { clearStored } from '../web-storage';

/**
 * What a signed-in user leaves on the device: their searches and Pro tool data (IndexedDB) and
 * session-scoped storage. Wiped at logout so the next person at a shared counter tablet finds nothing
 * of theirs (ADR 080).
 */
export async function clearPersonalData(): Promise<void> {
  clearStored('session');
  try {
    // Loaded on use: Dexie stays out of the first screen's JavaScript (home budget, ADR 035).
    const { db } = await import('../../db/db');
    // Pro groups, settings (and the sync cursor and owner kept beside them), offers, catalogue prices,
    // outbox, analysis reports, the official catalogue's facts on their CNKs (they show what the pharmacy stocks).
    const tables = [
      db.searches,
      db.proGroups,
      db.proMeta,
      db.proOffers,
      db.proCatalogue,
      db.proOutbox,
      db.proReports,
      db.proOfficial,
    ];
    await db.transaction('rw', tables, () => Promise.all(tables.map((t) => t.clear())));
  } catch {
    // IndexedDB unavailable (private mode): nothing was saved.
  }
}

/** Pro changes made on this device that the server has not accepted yet: a logout would lose them. */
export async function countUnsyncedChanges(): Promise<number> {
  try {
    const { db } = await import('../../db/db');
    return await db.proOutbox.count();
  } catch {
    return 0;
  }
}
