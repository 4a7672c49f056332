import type { Context, MiddlewareHandler } from 'hono';
import { readSessionCookie } from '../../lib/cookies';
import { HttpError } from '../../lib/http-error';
import type { UserRow } from '../account/user.repository';
import type { SessionService } from './session.service';
import type { Env } from '../../config/env';

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
export function sessionMiddleware(env: Pick<Env, 'PUBLIC_URL'>, sessions: SessionService): MiddlewareHandler {
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
