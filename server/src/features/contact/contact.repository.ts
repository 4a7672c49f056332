import type { Db } from '../../db/database';
import type { Locale } from '@pharmaradar/shared';

export type MailStatus = 'pending' | 'sent' | 'failed';

export interface NewContactMessage {
  name: string;
  email: string;
  message: string;
  locale: Locale;
  createdAt: number;
}

export function createContactRepository(db: Db) {
  const insert = db.prepare(
    `INSERT INTO contact_messages (name, email, message, locale, created_at, mail_status)
     VALUES (@name, @email, @message, @locale, @createdAt, 'pending')`,
  );
  const setStatus = db.prepare('UPDATE contact_messages SET mail_status = ? WHERE id = ?');
  return {
    insert(row: NewContactMessage): number {
      return Number(insert.run(row).lastInsertRowid);
    },
    setMailStatus(id: number, status: MailStatus): void {
      setStatus.run(status, id);
    },
  };
}
export type ContactRepository = ReturnType<typeof createContactRepository>;
