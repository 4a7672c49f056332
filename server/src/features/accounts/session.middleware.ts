import type { Context, MiddlewareHandler } from 'hono';
import type { Env } from '../../config/env';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from '../../lib/cookies';
import { issueCsrfToken } from '../../lib/csrf';
import { HttpError } from '../../lib/http-error';
import type { UserRow } from './user.repository';
import type { SessionService, StartedSession } from './session.service';

declare module 'hono' {
  interface ContextVariableMap {
    /** The logged-in user, or null (set by sessionMiddleware on every /api request). */
    user: UserRow | null;
    /** Id of the current session row, or null. */
    sessionId: number | null;
    /**
     * When the current session was created, i.e. when its user last authenticated (every login,
     * OTP verification, activation or Google sign-in starts a new session); null when anonymous.
     */
    sessionStartedAt: number | null;
  }
}

export const UNAUTHORIZED_MESSAGES = {
  fr: 'Connexion requise. Vous n’êtes pas connecté.',
  en: 'Login required. You are not logged in.',
  nl: 'Aanmelding vereist. U bent niet aangemeld.',
};

/** Puts the session's user (or null) on the context. Never fails a request by itself. */
export function sessionMiddleware(sessions: SessionService, env: Pick<Env, 'PUBLIC_URL'>): MiddlewareHandler {
  return async (c, next) => {
    const token = readSessionCookie(c, env);
    const resolved = token ? sessions.resolve(token) : null;
    c.set('user', resolved?.user ?? null);
    c.set('sessionId', resolved?.session.id ?? null);
    c.set('sessionStartedAt', resolved?.session.created_at ?? null);
    await next();
  };
}

export function currentUser(c: Context): UserRow | null {
  return c.get('user') ?? null;
}

/** The logged-in user, or a 401 `{code: 'unauthorized'}` for login-required calls. */
export function requireUser(c: Context): UserRow {
  const user = currentUser(c);
  if (!user) throw new HttpError(401, 'unauthorized', UNAUTHORIZED_MESSAGES);
  return user;
}

type CookieEnv = Pick<Env, 'PUBLIC_URL' | 'SECRET_KEY'>;

/**
 * The Hono side of sessions, for the routes: services take and return plain values (cookie value in,
 * StartedSession out); these read and write the cookies. Every new or ended session also gets a CSRF
 * token bound to it, so a token minted for the old session fails.
 */
export function sessionCookies(env: CookieEnv) {
  return {
    /** The session cookie value the request carried, '' when none. */
    read: (c: Context): string => readSessionCookie(c, env),
    /** Sends the cookie of a session a service just started. */
    send(c: Context, session: StartedSession): void {
      setSessionCookie(c, env, session.token, session.maxAgeSeconds);
      issueCsrfToken(c, env, session.token);
    },
    /** Clears the cookie of a session a service just ended. */
    clear(c: Context): void {
      clearSessionCookie(c, env);
      issueCsrfToken(c, env, '');
    },
  };
}
