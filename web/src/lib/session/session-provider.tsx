import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { CurrentUser } from '@pharmaradar/shared/current-user';
import { api, fetchCsrfToken, UNAUTHORIZED_EVENT } from '../api/client';
import { SessionContext, type SessionValue } from './session-context';
import { INITIAL_SESSION, isAuthenticatedUser, sessionReducer, type SessionEvent } from './session-state';
import { readCachedUser, writeCachedUser } from './session-cache';
import { isLogoutPending, setLogoutPending } from './pending-logout';
import { clearPersonalData, countUnsyncedChanges } from './personal-data';
import { runBeforeLogout, runOnLogoutDecided } from './before-logout';
import { LogoutWarningDialog, type LogoutAnswer } from './logout-warning-dialog';

const ME_PATH = '/auth/me/';

function isOfflineError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'network' || code === 'timeout';
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** Sends the logout; true once the server has answered it (the session is gone there). */
async function confirmLogout(): Promise<boolean> {
  try {
    await api.post<unknown>('/auth/logout/');
    setLogoutPending(false);
    return true;
  } catch {
    return false;
  }
}

async function refreshCsrf(): Promise<void> {
  try {
    await fetchCsrfToken();
  } catch {
    // docs/architecture.md#client-rules: CSRF errors are ignored here; the client fetches a token again before the next write.
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState(INITIAL_SESSION);
  const stateRef = useRef(state);
  const inFlight = useRef<Promise<CurrentUser> | null>(null);

  // The ref is the source of truth so an event's outcome is known at once (callers navigate on it)
  // and listeners registered once read the current user.
  const apply = useCallback((event: SessionEvent): CurrentUser => {
    const next = sessionReducer(stateRef.current, event);
    stateRef.current = next;
    writeCachedUser(next.user);
    setState(next);
    return next.user;
  }, []);

  const generation = useRef(0);

  const reload = useCallback((): Promise<CurrentUser> => {
    // Every call asks the server again: a reload requested after a login must not reuse an answer
    // to a request sent before it. Only the newest request may change the session.
    const mine = ++generation.current;
    const run = (async (): Promise<CurrentUser> => {
      await refreshCsrf();
      let event: SessionEvent;
      // An unconfirmed logout comes first: until the server has ended the session, its cookie is not trusted.
      if (isLogoutPending()) {
        if (!(await confirmLogout())) {
          if (mine !== generation.current && inFlight.current) return inFlight.current;
          return apply({ type: 'signed-out' });
        }
        await refreshCsrf(); // the logout answer issued an anonymous token
      }
      try {
        event = { type: 'user-loaded', raw: await api.get<unknown>(ME_PATH) };
      } catch (error) {
        event = {
          type: 'user-load-failed',
          error: asError(error),
          offline: isOfflineError(error),
          fallback: stateRef.current.booted ? null : readCachedUser(),
        };
      }
      if (mine !== generation.current && inFlight.current) return inFlight.current;
      return apply(event);
    })();
    inFlight.current = run;
    void run.finally(() => {
      if (inFlight.current === run) inFlight.current = null;
    });
    return run;
  }, [apply]);

  const [warning, setWarning] = useState<{
    count: number;
    stillPending: boolean;
    answer: (answer: LogoutAnswer) => void;
  } | null>(null);

  const logout = useCallback(async (): Promise<boolean> => {
    // Pro changes still in the outbox get one chance to reach the server; what is left would be lost.
    await runBeforeLogout();
    // Asked until nothing would be lost, or the person logs out anyway or stays; "sync first" tries again.
    for (let tried = false; ; tried = true) {
      const unsynced = await countUnsyncedChanges();
      if (unsynced === 0) break;
      const choice = await new Promise<LogoutAnswer>((answer) =>
        setWarning({ count: unsynced, stillPending: tried, answer }),
      );
      setWarning(null);
      if (choice === 'cancel') return false;
      if (choice === 'logout') break;
      await runBeforeLogout();
    }
    // Decided: what only the leaving person should have goes now (a cancelled logout kept it).
    await runOnLogoutDecided();
    // Marked before sending: if the answer never comes, the next start and the next 'online' send it again.
    setLogoutPending(true);
    apply({ type: 'signed-out' });
    await clearPersonalData();
    await confirmLogout();
    await refreshCsrf();
    return true;
  }, [apply]);

  const setUser = useCallback((raw: unknown): CurrentUser => apply({ type: 'user-set', raw }), [apply]);

  useEffect(() => {
    void reload();
  }, [reload]);

  useEffect(() => {
    // A 401 anywhere means the server no longer knows us: reloading makes the session anonymous.
    const onUnauthorized = () => {
      if (isAuthenticatedUser(stateRef.current.user) && !inFlight.current) void reload();
    };
    // Started offline with a cached user: check again with the server once the connection is back.
    const onOnline = () => {
      if (stateRef.current.bootError || isLogoutPending()) void reload();
    };
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
      window.removeEventListener('online', onOnline);
    };
  }, [reload]);

  const value = useMemo<SessionValue>(
    () => ({
      booted: state.booted,
      bootError: state.bootError,
      user: state.user,
      isAuthenticated: isAuthenticatedUser(state.user),
      reload,
      logout,
      setUser,
    }),
    [state, reload, logout, setUser],
  );

  return (
    <SessionContext.Provider value={value}>
      {children}
      {warning ? (
        <LogoutWarningDialog count={warning.count} stillPending={warning.stillPending} onAnswer={warning.answer} />
      ) : null}
    </SessionContext.Provider>
  );
}
