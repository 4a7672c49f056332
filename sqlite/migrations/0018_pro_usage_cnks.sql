-- The Pro allowance counts each CNK once per user and Brussels calendar month (docs/decisions/147):
-- one row per CNK a user has been charged for in a month ('YYYY-MM', the month of pro_usage). A batch
-- reserves only the CNKs not here yet and adds them to pro_usage.used in the same transaction, so
-- pro_usage.used stays the number of this month's rows (plus what was counted before this migration).
CREATE TABLE pro_usage_cnks (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  month   TEXT    NOT NULL CHECK (length(month) = 7),
  cnk     TEXT    NOT NULL CHECK (length(cnk) = 7),
  PRIMARY KEY (user_id, month, cnk)
) STRICT, WITHOUT ROWID;
