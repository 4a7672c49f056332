/**
 * Whether the app's IndexedDB database holds the saved search `key` (`lang|kind:value`). Runs in the
 * page (passed to `page.evaluate`, so it refers to nothing outside itself).
 *
 * It must never get in the app's way: the app opens its database lazily (Dexie, in the search chunk
 * loaded after the first screen is taken over), so this probe may well come first. An open without a
 * version would then create an empty database at version 1, and a connection left open would block
 * the app's own upgrade ("blocked by other connection"): the app could then save nothing. So a
 * database that does not exist yet is not created (its upgrade is aborted), a missing store reads as
 * "not saved", and the connection is closed after each read or as soon as the app asks for a new
 * version.
 */
export function hasSavedSearch(key: string): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const open = indexedDB.open('pharmaradar');
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onerror = () => resolve(false);
    open.onblocked = () => resolve(false);
    open.onsuccess = () => {
      const db = open.result;
      db.onversionchange = () => db.close();
      const done = (saved: boolean) => {
        db.close();
        resolve(saved);
      };
      if (!db.objectStoreNames.contains('searches')) return done(false);
      try {
        const get = db.transaction('searches', 'readonly').objectStore('searches').get(key);
        get.onsuccess = () => done(get.result != null);
        get.onerror = () => done(false);
      } catch {
        done(false);
      }
    };
  });
}
