import { readStored } from '../web-storage';

/** Where the last signed-in user is kept (session-cache.ts); read apart so the entry stays small. */
export const SESSION_USER_KEY = 'pe_session_user';

/** Whether someone has signed in on this device and not signed out since. */
export function hasSignedInUser(): boolean {
  return Boolean(readStored(SESSION_USER_KEY));
}
