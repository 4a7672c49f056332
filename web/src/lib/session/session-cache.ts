import { normalizeCurrentUser, type CurrentUser } from '@pharmaradar/shared/current-user';
import { isAuthenticatedUser } from './session-state';
import { SESSION_USER_KEY as KEY } from './session-cache-key';
import { readStored, writeStored } from '../web-storage';

/**
 * Last known signed-in user, so a pharmacy tablet that starts without a connection keeps its
 * account view (offline-first, docs/architecture.md#offline-first-and-sync). Only used when the server cannot be reached; any real
 * answer from the server overrides it, and logout/deletion wipe it.
 */
export function readCachedUser(): CurrentUser | null {
  const text = readStored(KEY);
  if (!text) return null;
  try {
    const user = normalizeCurrentUser(JSON.parse(text));
    return isAuthenticatedUser(user) ? user : null;
  } catch {
    return null;
  }
}

export function writeCachedUser(user: CurrentUser): void {
  // Storage can be full or disabled (private mode): the cache is only a convenience.
  writeStored(KEY, isAuthenticatedUser(user) ? JSON.stringify(user) : null);
}
