import { createHash } from 'node:crypto';
import Database from '../../db/sqlite-driver';
import type { Db } from '../../db/database';
import type { Logger } from '../../lib/log';
import { createUserRepository, type UserRow } from './user.repository';
import { createSessionRepository, type SessionRow } from './session.repository';
import { newSessionToken, SESSION_TOKEN_PATTERN } from './session-token';
import type { DeviceSummary } from './user-agent';

/** A session dies after 14 days without a request… */
export const SESSION_IDLE_TIMEOUT_MS = 14 * 24 * 3600 * 1000;
/** …and 30 days after login whatever the activity (ASVS 7.3.1/7.3.2). */
export const SESSION_ABSOLUTE_TIMEOUT_MS = 30 * 24 * 3600 * 1000;
/** last_seen_at is written at most once a minute per session, not on every request. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface SessionDeps {
  db: Db;
  now: () => number;
  log: Logger;
}

export interface ResolvedSession {
  session: SessionRow;
  user: UserRow;
}

/** A session just started: the routes put `token` in the session cookie for `maxAgeSeconds`. */
export interface StartedSession {
  token: string;
  maxAgeSeconds: number;
}

/** Opaque server-side sessions: the cookie holds a random token, the database its SHA-256. */
export function createSessionService({ db, now, log }: SessionDeps) {
  const sessions = createSessionRepository(db);
  const users = createUserRepository(db);
  let housekeepingFailing = false;

  /**
   * Writes a request makes only to keep the table tidy (last seen, removing a dead row) must not turn
   * a read into a 500 when the database is read-only, full or locked: the session check itself is a
   * read. Logged at warn once per outage, not once per request; other errors still propagate.
   */
  const housekeeping = (what: string, write: () => void): boolean => {
    try {
      write();
      housekeepingFailing = false;
      return true;
    } catch (error) {
      if (!(error instanceof Database.SqliteError)) throw error;
      if (!housekeepingFailing) log.warn(`session ${what} write failed; continuing`, { code: error.code });
      housekeepingFailing = true;
      return false;
    }
  };

  const isAlive = (session: SessionRow, at: number) =>
    at - session.last_seen_at < SESSION_IDLE_TIMEOUT_MS && at - session.created_at < SESSION_ABSOLUTE_TIMEOUT_MS;

  return {
    /** The live session and its (open, active) user for a cookie value; dead sessions are deleted. */
    resolve(token: string): ResolvedSession | null {
      if (!SESSION_TOKEN_PATTERN.test(token)) return null;
      const session = sessions.findByHash(hashSessionToken(token));
      if (!session) return null;
      const at = now();
      const user = users.findById(session.user_id);
      if (!isAlive(session, at) || !user || user.closed_at !== null || user.is_active !== 1) {
        // Dead either way: if the row cannot go now, the purge job or the next request removes it.
        housekeeping('cleanup', () => sessions.deleteById(session.id));
        return null;
      }
      if (
        at - session.last_seen_at >= TOUCH_INTERVAL_MS &&
        housekeeping('last-seen', () => sessions.touch(session.id, at))
      ) {
        session.last_seen_at = at;
      }
      return { session, user };
    },

    /**
     * Logs `userId` in with a brand-new token. Whatever session the request carried (`previousToken`,
     * '' when none) is destroyed first, so a planted or earlier cookie can never become (or stay)
     * authenticated. `device` is what the export lists it as.
     */
    start(userId: number, previousToken: string, device: DeviceSummary): StartedSession {
      if (previousToken) sessions.deleteByHash(hashSessionToken(previousToken));
      const token = newSessionToken();
      sessions.insert(hashSessionToken(token), userId, now(), device);
      return { token, maxAgeSeconds: Math.floor(SESSION_ABSOLUTE_TIMEOUT_MS / 1000) };
    },

    /** Logout: the session of this cookie value ends server-side (the routes clear the cookie). */
    end(token: string): void {
      if (token) sessions.deleteByHash(hashSessionToken(token));
    },

    endAllForUser(userId: number): number {
      return sessions.deleteForUser(userId);
    },

    /** Removes expired rows (purge job). */
    deleteExpired(): number {
      const at = now();
      return sessions.deleteExpired(at - SESSION_IDLE_TIMEOUT_MS, at - SESSION_ABSOLUTE_TIMEOUT_MS);
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
