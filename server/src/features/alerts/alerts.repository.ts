import type { Locale } from '@pharmaradar/shared/locales';
import type { AlertKind } from '@pharmaradar/shared/alerts.schema';
import type { Db } from '../../db/database';

export interface AlertRow {
  id: number;
  user_id: number;
  cnk: string;
  product_name: string;
  kind: AlertKind;
  target_price: number | null;
  locale: Locale;
  last_price: number | null;
  crossed: 0 | 1;
  created_at: number;
  last_checked_at: number | null;
  notified_at: number | null;
}

export type NewAlert = Pick<AlertRow, 'user_id' | 'cnk' | 'product_name' | 'kind' | 'target_price' | 'locale'>;

export function createAlertsRepository(db: Db) {
  const insert = db.prepare(
    `INSERT INTO price_alerts (user_id, cnk, product_name, kind, target_price, locale, created_at)
     VALUES (@user_id, @cnk, @product_name, @kind, @target_price, @locale, @created_at)
     ON CONFLICT (user_id, cnk, kind) DO UPDATE SET
       product_name = excluded.product_name, target_price = excluded.target_price,
       locale = excluded.locale, crossed = 0, last_price = NULL, last_checked_at = NULL
     RETURNING *`,
  );
  const listForUser = db.prepare('SELECT * FROM price_alerts WHERE user_id = ? ORDER BY created_at DESC, id DESC');
  const countForUser = db.prepare('SELECT count(*) AS n FROM price_alerts WHERE user_id = ?');
  const byId = db.prepare('SELECT * FROM price_alerts WHERE id = ?');
  const deleteOwn = db.prepare('DELETE FROM price_alerts WHERE id = ? AND user_id = ?');
  const deleteById = db.prepare('DELETE FROM price_alerts WHERE id = ?');
  // Products whose alerts were checked longest ago (never first).
  const dueCnks = db.prepare(
    'SELECT cnk FROM price_alerts GROUP BY cnk ORDER BY min(coalesce(last_checked_at, 0)), cnk LIMIT ?',
  );
  const forCnk = db.prepare('SELECT * FROM price_alerts WHERE cnk = ? ORDER BY id');
  const saveCheck = db.prepare(
    `UPDATE price_alerts SET last_price = @last_price, crossed = @crossed, last_checked_at = @last_checked_at,
       notified_at = coalesce(@notified_at, notified_at) WHERE id = @id`,
  );
  const emailPreference = db.prepare<[number], { email: 0 | 1 }>(
    'SELECT email FROM alert_preferences WHERE user_id = ?',
  );
  const saveEmailPreference = db.prepare<[{ user_id: number; email: 0 | 1 }]>(
    `INSERT INTO alert_preferences (user_id, email) VALUES (@user_id, @email)
     ON CONFLICT (user_id) DO UPDATE SET email = excluded.email`,
  );
  return {
    /** Whether the user's alerts go by e-mail (true unless turned off). */
    emailOn: (userId: number) => (emailPreference.get(userId)?.email ?? 1) === 1,
    setEmail: (userId: number, email: boolean) => saveEmailPreference.run({ user_id: userId, email: email ? 1 : 0 }),
    upsert: (alert: NewAlert, now: number) => insert.get({ ...alert, created_at: now }) as AlertRow,
    listForUser: (userId: number) => listForUser.all(userId) as AlertRow[],
    countForUser: (userId: number) => (countForUser.get(userId) as { n: number }).n,
    findById: (id: number) => byId.get(id) as AlertRow | undefined,
    deleteOwn: (id: number, userId: number) => deleteOwn.run(id, userId).changes > 0,
    deleteById: (id: number) => deleteById.run(id).changes > 0,
    dueCnks: (limit: number) => (dueCnks.all(limit) as Array<{ cnk: string }>).map((r) => r.cnk),
    forCnk: (cnk: string) => forCnk.all(cnk) as AlertRow[],
    saveCheck: (check: {
      id: number;
      last_price: number | null;
      crossed: 0 | 1;
      last_checked_at: number;
      notified_at: number | null;
    }) => saveCheck.run(check),
  };
}

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
