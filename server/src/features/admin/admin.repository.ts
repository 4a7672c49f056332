import type { AdminAction, AdminUserQuery } from '@pharmaradar/shared/admin.schema';
import type { Db } from '../../db/database';
import { writeTransaction } from '../../db/write-transaction';

/** The columns of `users` the admin lists, with the latest session activity. */
export interface AdminUserRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  is_staff: 0 | 1;
  closed_at: number | null;
  date_joined: number;
  last_seen: number | null;
  subscription_status: string;
  plan_grant: 'pro' | 'ultra' | null;
  pro_until: number | null;
}

export interface ContactRow {
  id: number;
  created_at: number;
  name: string;
  email: string;
  message: string;
  locale: string;
  priority: 0 | 1;
  mail_status: 'pending' | 'sent' | 'failed';
}

export interface AuditRow {
  id: number;
  at: number;
  actor_email: string;
  action: AdminAction;
  target_email: string | null;
  details: string;
}

export interface NewAuditEntry {
  at: number;
  actorId: number | null;
  actorEmail: string;
  action: AdminAction;
  targetEmail: string | null;
  details: Record<string, unknown>;
}

const USER_COLUMNS = `u.id, u.email, u.first_name, u.last_name, u.is_staff, u.closed_at, u.date_joined,
  max(coalesce((SELECT max(s.last_seen_at) FROM sessions s WHERE s.user_id = u.id), 0), coalesce(u.last_login, 0))
    AS last_seen,
  u.subscription_status, u.plan_grant, u.pro_until`;

/** What an erased account's address becomes in the audit log. */
export const ERASED = '(erased account)';

/** At most this many users per listing: the search narrows it. */
export const USER_PAGE = 200;
const AUDIT_PAGE = 100;
const MESSAGE_PAGE = 100;

/** SQL of the staff admin: users as staff see them, contact messages, the audit log. */
export function createAdminRepository(db: Db) {
  const byId = db.prepare<[number], AdminUserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = ?`);
  const byEmail = db.prepare<[string], AdminUserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.email = ?`);
  const search = {
    created: db.prepare<[string], AdminUserRow>(
      `SELECT ${USER_COLUMNS} FROM users u WHERE instr(u.email, ?) > 0 ORDER BY u.date_joined DESC, u.id DESC`,
    ),
    last_seen: db.prepare<[string], AdminUserRow>(
      `SELECT ${USER_COLUMNS} FROM users u WHERE instr(u.email, ?) > 0 ORDER BY last_seen DESC, u.id DESC`,
    ),
  };
  const setStaff = db.prepare<[number, number, number]>('UPDATE users SET is_staff = ?, updated_at = ? WHERE id = ?');
  const messages = db.prepare<[number], ContactRow>(
    `SELECT id, created_at, name, email, message, locale, priority, mail_status FROM contact_messages
     ORDER BY priority DESC, created_at DESC, id DESC LIMIT ?`,
  );
  const insertAudit = db.prepare(
    `INSERT INTO admin_audit_log (at, actor_id, actor_email, action, target_email, details)
     VALUES (@at, @actorId, @actorEmail, @action, @targetEmail, @details)`,
  );
  const eraseTarget = db.prepare<[string]>(
    `UPDATE admin_audit_log SET target_email = '${ERASED}' WHERE target_email = ?`,
  );
  const eraseActor = db.prepare<[string]>(`UPDATE admin_audit_log SET actor_email = '${ERASED}' WHERE actor_email = ?`);
  const audit = db.prepare<[number], AuditRow>(
    `SELECT id, at, actor_email, action, target_email, details FROM admin_audit_log ORDER BY id DESC LIMIT ?`,
  );

  return {
    findUser: (id: number) => byId.get(id),
    findUserByEmail: (email: string) => byEmail.get(email),
    /**
     * Users whose e-mail contains `q` (lower case: addresses are stored so), newest by `sort`; the plan
     * filter is applied by the caller, as the plan depends on the clock (planOf).
     */
    searchUsers(query: Pick<AdminUserQuery, 'q' | 'sort'>): AdminUserRow[] {
      return search[query.sort].all(query.q.toLowerCase());
    },
    setStaff(id: number, staff: boolean, now: number): void {
      setStaff.run(staff ? 1 : 0, now, id);
    },
    /** Priority messages first (docs/product.md#audience-and-plans priority support), then the newest. */
    listMessages: () => messages.all(MESSAGE_PAGE),
    addAudit(entry: NewAuditEntry): void {
      insertAudit.run({ ...entry, details: JSON.stringify(entry.details) });
    },
    listAudit: () => audit.all(AUDIT_PAGE),
    /** Account erasure: the entries stay (what was done), the erased address leaves them. */
    eraseEmail(email: string): void {
      eraseTarget.run(email);
      eraseActor.run(email);
    },
    /** Runs `work` and its audit entry in one transaction: no change without its trace. */
    writeTransaction<T>(work: () => T): T {
      return writeTransaction(db, work)();
    },
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
