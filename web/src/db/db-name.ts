/** The IndexedDB database's name, apart from db.ts so a check for it does not load Dexie. */
export const DB_NAME = 'pharmaradar';

/**
 * False when the browser says this device has no database yet (a first visit): nothing stored can
 * be read, so Dexie need not load. True when it has one, or cannot tell (`indexedDB.databases()` is
 * missing in older browsers).
 */
export async function mayHaveDatabase(): Promise<boolean> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
  try {
    return (await indexedDB.databases()).some((info) => info.name === DB_NAME);
  } catch {
    return true;
  }
}
