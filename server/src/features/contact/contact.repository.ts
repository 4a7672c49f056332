import type { Db } from '../../db/database';
import type { Locale } from '@pharmaradar/shared/locales';

export type MailStatus = 'pending' | 'sent' | 'failed';

export interface NewContactMessage {
  name: string;
  email: string;
  message: string;
  locale: Locale;
  createdAt: number;
  /** Sent by a signed-in Pro or Ultra user (0008_admin.sql). */
  priority?: boolean;
}

export function createContactRepository(db: Db) {
  const insert = db.prepare(
    `INSERT INTO contact_messages (name, email, message, locale, created_at, mail_status, priority)
     VALUES (@name, @email, @message, @locale, @createdAt, 'pending', @priority)`,
  );
  const setStatus = db.prepare('UPDATE contact_messages SET mail_status = ? WHERE id = ?');
  const deleteBefore = db.prepare<[number]>('DELETE FROM contact_messages WHERE created_at < ?');
  // The form keeps the address as typed while accounts store it lower-cased: compare without case.
  const deleteFrom = db.prepare<[string]>('DELETE FROM contact_messages WHERE lower(email) = lower(?)');
  const listFrom = db.prepare<[string], { created_at: number; name: string; email: string; message: string }>(
    'SELECT created_at, name, email, message FROM contact_messages WHERE lower(email) = lower(?) ORDER BY created_at, id',
  );
  return {
    insert(row: NewContactMessage): number {
      return Number(insert.run({ ...row, priority: row.priority ? 1 : 0 }).lastInsertRowid);
    },
    setMailStatus(id: number, status: MailStatus): void {
      setStatus.run(status, id);
    },
    /** Retention: removes messages received before `at` (epoch ms); returns how many. */
    deleteCreatedBefore(at: number): number {
      return deleteBefore.run(at).changes;
    },
    /** Access: every message sent from this address (the account data export). */
    listFromEmail(email: string) {
      return listFrom.all(email);
    },
    /** Erasure: removes every message sent from this address; returns how many. */
    deleteFromEmail(email: string): number {
      return deleteFrom.run(email).changes;
    },
  };
}
export type ContactRepository = ReturnType<typeof createContactRepository>;
