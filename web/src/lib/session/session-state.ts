import { ANONYMOUS_USER, normalizeCurrentUser, type CurrentUser } from '@pharmaradar/shared/current-user';

/**
 * Session state machine of docs/product.md#states, kept pure so its transitions are testable without React:
 * unbooted -> booted (anonymous or authenticated); a start-up failure is kept as bootError.
 */
export interface SessionState {
  booted: boolean;
  bootError: Error | null;
  user: CurrentUser;
}

export type SessionEvent =
  /** GET /auth/me/ answered: the body is the user, `{user}` or `{user: null}`. */
  | { type: 'user-loaded'; raw: unknown }
  /**
   * GET /auth/me/ failed. `offline` is true when the server was not reached at all (network/timeout):
   * then the last known user is kept (`fallback` at boot), otherwise the session becomes anonymous.
   */
  | { type: 'user-load-failed'; error: Error; offline: boolean; fallback?: CurrentUser | null }
  /** A response carrying a user replaces it (login, profile update, Google, OTP…). */
  | { type: 'user-set'; raw: unknown }
  /** Logout or account deletion. */
  | { type: 'signed-out' };

export const INITIAL_SESSION: SessionState = { booted: false, bootError: null, user: ANONYMOUS_USER };

export function sessionReducer(state: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'user-loaded':
      return { booted: true, bootError: null, user: normalizeCurrentUser(event.raw) };
    case 'user-load-failed': {
      const known = state.booted ? state.user : (event.fallback ?? ANONYMOUS_USER);
      const user = event.offline && isAuthenticatedUser(known) ? known : ANONYMOUS_USER;
      // Only a start-up failure is a boot error; a later failed reload keeps the boot outcome.
      const bootError = state.booted ? state.bootError : event.error;
      return { booted: true, bootError, user };
    }
    case 'user-set':
      return { ...state, booted: true, user: normalizeCurrentUser(event.raw) };
    case 'signed-out':
      return { ...state, booted: true, user: ANONYMOUS_USER };
  }
}

export function isAuthenticatedUser(user: CurrentUser): boolean {
  return user.isAuthenticated === true;
}
