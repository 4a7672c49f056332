import { normalizeCurrentUser, type CurrentUser } from '@pharmaradar/shared/current-user';
import { isAuthenticatedUser } from './session-state';
import { SESSION_USER_KEY as KEY } from './session-cache-key';

/**
 * Last known signed-in user, so a pharmacy tablet that starts without a connection keeps its
 * account view (offline-first, docs/architecture.md#offline-first-and-sync). Only used when the server cannot be reached; any real
 * answer from the server overrides it, and logout/deletion wipe it.
 */
export function readCachedUser(): CurrentUser | null {
  try {
    const text = globalThis.localStorage?.getItem(KEY);
    if (!text) return null;
    const user = normalizeCurrentUser(JSON.parse(text));
    return isAuthenticatedUser(user) ? user : null;
  } catch {
    return null;
  }
}

export function writeCachedUser(user: CurrentUser): void {
  try {
    if (isAuthenticatedUser(user)) globalThis.localStorage?.setItem(KEY, JSON.stringify(user));
    else globalThis.localStorage?.removeItem(KEY);
  } catch {
    // Storage can be full or disabled (private mode): the cache is only a convenience.
  }
}
