-- The audit log also records staff reads of personal data: user lists and contact messages (ADR 090).
-- SQLite cannot change a CHECK constraint in place: the table is rebuilt with the wider list, its
-- rows and ids kept.

CREATE TABLE admin_audit_log_new (
  id           INTEGER PRIMARY KEY,
  at           INTEGER NOT NULL,
  -- NULL for actions run from the command line (npm run staff, npm run plan).
  actor_id     INTEGER,
  actor_email  TEXT    NOT NULL,
  action       TEXT    NOT NULL CHECK (action IN (
    'set_plan', 'set_staff', 'run_retailers_check', 'list_users', 'read_messages'
  )),
  target_email TEXT,
  -- JSON of what changed or was read (plan and end date, staff flag, check outcome, ids shown).
  details      TEXT    NOT NULL DEFAULT '{}'
) STRICT;

INSERT INTO admin_audit_log_new (id, at, actor_id, actor_email, action, target_email, details)
  SELECT id, at, actor_id, actor_email, action, target_email, details FROM admin_audit_log;

DROP TABLE admin_audit_log;
ALTER TABLE admin_audit_log_new RENAME TO admin_audit_log;
CREATE INDEX admin_audit_log_at ON admin_audit_log (at);
