import type { Db } from '../../db/database';
import { createSessionRepository } from './session.repository';
import { SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_IDLE_TIMEOUT_MS } from './session.service';
import { serializeUser, type SearchUsage } from './user.serializer';
import type { UserRow } from './user.repository';

/**
 * One feature's part of the account data export (docs/features/account-data-export.md): top-level keys merged into
 * the document, e.g. `{contact_messages}` or `{groups, settings}`. app.ts wires one per feature that
 * holds personal data, so accounts never imports those features. A value may be a LazyList
 * (lib/json-stream): a list read page by page while the export streams.
 */
export type PersonalDataSource = (user: Pick<UserRow, 'id' | 'email'>) => Record<string, unknown>;

const iso = (ms: number) => new Date(ms).toISOString();

/** YYYY-MM-DD of `ms` in Belgium, for the file name (the user's calendar day, not UTC's). */
export function exportDate(ms: number): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Brussels',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(ms);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * Everything the service holds about one user, as the JSON document of GET /api/account/export/.
 * Only what the user could see or did themselves: never password, token or code hashes.
 */
export function createAccountExport(deps: { db: Db; sources: PersonalDataSource[]; searchUsed: SearchUsage }) {
  const sessions = createSessionRepository(deps.db);
  return {
    /**
     * The document as of `at` (epoch ms), the same instant the file is named after. Lazy lists in it
     * are read as the route writes them out (jsonChunks), not here.
     */
    build(user: UserRow, currentSessionId: number | null, at: number): Record<string, unknown> {
      // Sessions past their timeouts are dead even before the purge job deletes their rows.
      const live = sessions
        .listForUser(user.id)
        .filter(
          (s) => s.last_seen_at >= at - SESSION_IDLE_TIMEOUT_MS && s.created_at >= at - SESSION_ABSOLUTE_TIMEOUT_MS,
        );
      const parts = deps.sources.map((source) => source(user));
      return {
        generated_at: iso(at),
        user: serializeUser(user, at, deps.searchUsed),
        // The device as recorded at sign-in (browser and system names, docs/decisions/102), the times,
        // and which one is asking.
        sessions: live.map((s) => ({
          device: { browser: s.browser, os: s.os },
          created_at: iso(s.created_at),
          last_seen_at: iso(s.last_seen_at),
          current: s.id === currentSessionId,
        })),
        // Every key exists even when no feature fills it, so the document's shape never changes.
        contact_messages: [],
        groups: [],
        settings: null,
        alerts: [],
        ...Object.assign({}, ...parts),
      };
    },
  };
}
