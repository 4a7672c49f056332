-- Pro tool: groups and settings synced between a user's devices (DESIGN §7), and the monthly
-- allowance of the Pro batch price endpoint (DESIGN §12). Times are epoch milliseconds.

-- One row per synced record (a group, or the user's settings under id 'settings'). `seq` is the
-- server sequence number of the last stored change: a client asks for everything after its `since`.
-- Last-writer-wins by updated_at; a deleted group stays as a tombstone (data NULL) so every device learns it.
CREATE TABLE pro_sync_records (
  seq        INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind       TEXT    NOT NULL CHECK (kind IN ('group', 'settings')),
  record_id  TEXT    NOT NULL CHECK (length(record_id) BETWEEN 1 AND 36),
  updated_at INTEGER NOT NULL,
  deleted    INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1)),
  -- JSON of the group ({name, description, cnks}) or of the settings; NULL for a tombstone.
  data       TEXT,
  UNIQUE (user_id, kind, record_id)
) STRICT;

CREATE INDEX pro_sync_records_user_seq ON pro_sync_records (user_id, seq);

-- CNKs priced by POST /api/pro/prices per user and calendar month (Europe/Brussels, 'YYYY-MM').
-- Kept here rather than in users.search_used so that the month rolls over without a job.
CREATE TABLE pro_usage (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  month   TEXT    NOT NULL CHECK (length(month) = 7),
  used    INTEGER NOT NULL DEFAULT 0 CHECK (used >= 0),
  PRIMARY KEY (user_id, month)
) STRICT;
