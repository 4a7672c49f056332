import { useContext, useEffect, useSyncExternalStore } from 'react';
import { SessionContext } from '../../../lib/session/session-context';
import { groupSync, type SyncSnapshot } from './sync-controller';

/**
 * Runs group sync while the Pro tool is open for a signed-in user (start, reconnect, after changes)
 * and gives its state. Without a session (component tests of the page) nothing syncs.
 */
export function useGroupSync(): SyncSnapshot {
  const session = useContext(SessionContext);
  const userId = session?.isAuthenticated ? session.user.id : null;
  useEffect(() => {
    if (userId === null) return;
    void groupSync.start(userId);
    return () => groupSync.stop();
  }, [userId]);
  return useSyncExternalStore(groupSync.subscribe, groupSync.getSnapshot, groupSync.getSnapshot);
}

/** Grows when synced changes from other devices landed: screens showing groups or settings reload on it. */
export function useProSyncVersion(): number {
  return useSyncExternalStore(
    groupSync.subscribe,
    () => groupSync.getSnapshot().version,
    () => 0,
  );
}
