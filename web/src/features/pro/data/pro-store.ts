// The Pro tool's one data layer (docs/decisions/142): every Pro table of IndexedDB and the sync outbox
// are read and written here and nowhere else (lint keeps it so). Screens and hooks call `proStore`;
// group sync runs on the same store and hears of local changes through `onLocalChange`, so the store
// needs nothing from the sync controller.
import { db as appDb, type PharmaRadarDb } from '../../../db/db';
import { groupTables } from './group-tables';
import { officialTable } from './official-table';
import { reportTable } from './report-table';
import { syncTables } from './sync-tables';

export type * from './pro-records';
export { offerRecord } from './group-tables';
export { groupLines } from './group-lines';
export { REPORTS_KEPT } from './report-table';
export { SYNC_CURSOR_KEY, SYNC_OWNER_KEY, type LostChange } from './sync-tables';

export function createProStore(db: PharmaRadarDb) {
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  return {
    ...groupTables(db, changed),
    ...reportTable(db),
    ...syncTables(db),
    ...officialTable(db),
    /** `listener` runs after each local change queued for sync (a group, the settings). */
    onLocalChange(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ProStore = ReturnType<typeof createProStore>;

/** The app's one store, on the app's database. */
export const proStore = createProStore(appDb);
