-- Staff admin (/admin): the audit log of staff actions, per-retailer call outcomes and per-day query
-- counts recorded by the price search (retailer health, search statistics), the latest retailer
-- checks, and the priority flag of contact messages. Times are epoch milliseconds.

-- Every staff action, never updated; kept with the technical logs' horizon (12 months, purged by admin).
CREATE TABLE admin_audit_log (
  id           INTEGER PRIMARY KEY,
  at           INTEGER NOT NULL,
  -- NULL for actions run from the command line (npm run staff).
  actor_id     INTEGER,
  actor_email  TEXT    NOT NULL,
  action       TEXT    NOT NULL CHECK (action IN ('set_plan', 'set_staff', 'run_retailers_check')),
  target_email TEXT,
  -- JSON of what changed (plan and end date, staff flag, check outcome).
  details      TEXT    NOT NULL DEFAULT '{}'
) STRICT;

CREATE INDEX admin_audit_log_at ON admin_audit_log (at);

-- One row per upstream retailer call of a search (cache hits never reach the retailer, so are not here).
-- Kept 7 days; the health view reads the last 24 hours.
CREATE TABLE retailer_calls (
  retailer TEXT    NOT NULL,
  at       INTEGER NOT NULL,
  status   TEXT    NOT NULL CHECK (status IN ('ok', 'empty', 'error', 'timeout', 'blocked')),
  error    TEXT CHECK (error IN ('error', 'parse_failed', 'timeout', 'blocked')),
  ms       INTEGER NOT NULL CHECK (ms >= 0)
) STRICT;

CREATE INDEX retailer_calls_at ON retailer_calls (at);

-- Searches per normalised query and Brussels day, and how many of them found no product. Kept 90 days.
CREATE TABLE search_query_stats (
  day        TEXT    NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  query      TEXT    NOT NULL,
  searches   INTEGER NOT NULL CHECK (searches >= 0),
  no_result  INTEGER NOT NULL CHECK (no_result >= 0),
  PRIMARY KEY (day, query)
) STRICT, WITHOUT ROWID;

-- Results of `retailers:check` (command line or the admin button); the page shows the latest.
CREATE TABLE retailer_checks (
  id           INTEGER PRIMARY KEY,
  at           INTEGER NOT NULL,
  source       TEXT    NOT NULL CHECK (source IN ('cli', 'admin')),
  ok           INTEGER NOT NULL CHECK (ok IN (0, 1)),
  results_json TEXT    NOT NULL
) STRICT;

-- Messages sent by a signed-in Pro or Ultra user (SPEC §1 priority support): listed first, flagged in
-- the mail's subject.
ALTER TABLE contact_messages ADD COLUMN priority INTEGER NOT NULL DEFAULT 0 CHECK (priority IN (0, 1));
