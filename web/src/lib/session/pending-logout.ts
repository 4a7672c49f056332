import { readStored, writeStored } from '../web-storage';

/**
 * A logout the server has not confirmed yet (made offline, or the server did not answer). While it
 * is pending the device acts signed out: the boot does not trust the session cookie, and the logout
 * is sent again first thing, before asking who the user is (shared counter tablets, ADR 203).
 */
const KEY = 'pe_logout_pending';

export function isLogoutPending(): boolean {
  return readStored(KEY) === '1';
}

export function setLogoutPending(pending: boolean): void {
  // Storage disabled: the in-memory sign-out still holds for this page's life.
  writeStored(KEY, pending ? '1' : null);
}
