/**
 * A logout the server has not confirmed yet (made offline, or the server did not answer). While it
 * is pending the device acts signed out: the boot does not trust the session cookie, and the logout
 * is sent again first thing, before asking who the user is (issue 8.1: shared counter tablets).
 */
const KEY = 'pe_logout_pending';

export function isLogoutPending(): boolean {
  try {
    return globalThis.localStorage?.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function setLogoutPending(pending: boolean): void {
  try {
    if (pending) globalThis.localStorage?.setItem(KEY, '1');
    else globalThis.localStorage?.removeItem(KEY);
  } catch {
    // Storage disabled: the in-memory sign-out still holds for this page's life.
  }
}
