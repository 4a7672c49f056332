import { createContext } from 'react';
import type { CurrentUser } from '@pharmaradar/shared/current-user';

export interface SessionValue {
  /** False until the start-up CSRF fetch and the first user load have finished. */
  booted: boolean;
  /** Why the start-up user load failed (the session is then anonymous, or the cached user offline). */
  bootError: Error | null;
  user: CurrentUser;
  isAuthenticated: boolean;
  /** Refetches the CSRF token (bound to the session) then the current user; resolves to the new user. */
  reload: () => Promise<CurrentUser>;
  /**
   * Ends the session on the server (best effort) and becomes anonymous locally, wiping the user's data
   * from the device. When Pro changes are not synced yet it asks first: false when the user stayed.
   */
  logout: () => Promise<boolean>;
  /** Replaces the user with a server answer (`{user}`, the user itself, or null for anonymous). */
  setUser: (raw: unknown) => CurrentUser;
}

export const SessionContext = createContext<SessionValue | null>(null);
