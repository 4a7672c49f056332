import type { Db } from '../../db/database';
import type { DeviceSummary } from './user-agent';

export interface SessionRow {
  id: number;
  token_hash: string;
  user_id: number;
  created_at: number;
  last_seen_at: number;
  /** Browser and system names of the device that opened it (user-agent.ts), null when unknown. */
  browser: string | null;
  os: string | null;
}

/** A session as the account data export lists it: no token hash. */
export type SessionListing = Pick<SessionRow, 'id' | 'created_at' | 'last_seen_at' | 'browser' | 'os'>;

/** SQL for the sessions table; tokens only ever appear here as their SHA-256. */
export function createSessionRepository(db: Db) {
  const insert = db.prepare<[string, number, number, number, string | null, string | null]>(
    'INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, browser, os) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const byHash = db.prepare<[string], SessionRow>('SELECT * FROM sessions WHERE token_hash = ?');
  const touch = db.prepare<[number, number]>('UPDATE sessions SET last_seen_at = ? WHERE id = ?');
  const deleteById = db.prepare<[number]>('DELETE FROM sessions WHERE id = ?');
  const deleteByHash = db.prepare<[string]>('DELETE FROM sessions WHERE token_hash = ?');
  const deleteForUser = db.prepare<[number]>('DELETE FROM sessions WHERE user_id = ?');
  const countForUser = db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM sessions WHERE user_id = ?');
  const listForUser = db.prepare<[number], SessionListing>(
    'SELECT id, created_at, last_seen_at, browser, os FROM sessions WHERE user_id = ? ORDER BY created_at, id',
  );
  const deleteExpired = db.prepare<[number, number]>('DELETE FROM sessions WHERE last_seen_at < ? OR created_at < ?');

  return {
    insert(tokenHash: string, userId: number, now: number, device: DeviceSummary): number {
      return Number(insert.run(tokenHash, userId, now, now, device.browser, device.os).lastInsertRowid);
    },
    findByHash(tokenHash: string): SessionRow | undefined {
      return byHash.get(tokenHash);
    },
    touch(id: number, now: number): void {
      touch.run(now, id);
    },
    deleteById(id: number): void {
      deleteById.run(id);
    },
    deleteByHash(tokenHash: string): void {
      deleteByHash.run(tokenHash);
    },
    /** Ends every session of a user (password reset, account deletion); returns how many ended. */
    deleteForUser(userId: number): number {
      return deleteForUser.run(userId).changes;
    },
    countForUser(userId: number): number {
      return countForUser.get(userId)?.n ?? 0;
    },
    /** A user's sessions without their token hashes (account data export). */
    listForUser(userId: number): SessionListing[] {
      return listForUser.all(userId);
    },
    /** Removes sessions idle since `idleCutoff` or created before `absoluteCutoff`. */
    deleteExpired(idleCutoff: number, absoluteCutoff: number): number {
      return deleteExpired.run(idleCutoff, absoluteCutoff).changes;
    },
  };
}
