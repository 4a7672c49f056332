/**
 * The address waiting for its verification code. Kept in sessionStorage (not localStorage) so a
 * reload of /verify-otp keeps it, while it disappears with the tab.
 */
const KEY = 'pe_pending_email';

export function readPendingEmail(): string | null {
  try {
    return globalThis.sessionStorage?.getItem(KEY) || null;
  } catch {
    return null;
  }
}

export function writePendingEmail(email: string | null): void {
  try {
    if (email) globalThis.sessionStorage?.setItem(KEY, email);
    else globalThis.sessionStorage?.removeItem(KEY);
  } catch {
    // Storage disabled: router state still carries the address for this navigation.
  }
}
