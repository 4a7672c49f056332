import { readStored, writeStored } from '../../lib/web-storage';

/**
 * The address waiting for its verification code. Kept in sessionStorage (not localStorage) so a
 * reload of /verify-otp keeps it, while it disappears with the tab.
 */
const KEY = 'pe_pending_email';

export function readPendingEmail(): string | null {
  return readStored(KEY, 'session') || null;
}

export function writePendingEmail(email: string | null): void {
  // Storage disabled: router state still carries the address for this navigation.
  writeStored(KEY, email || null, 'session');
}
