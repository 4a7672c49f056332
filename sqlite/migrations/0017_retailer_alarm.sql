-- The alarm when a shop breaks (docs/decisions/136): each failed retailer call keeps its reason (the
-- connector's message, e.g. "robots.txt of host disallows /path"), and each shop its alarm state.
-- Times are epoch milliseconds.

-- NULL for answered calls and for calls recorded before this migration.
ALTER TABLE retailer_calls ADD COLUMN reason TEXT CHECK (reason IS NULL OR length(reason) <= 300);

-- One row per shop the alarm has judged. failing_since is NULL while the shop works; the failure mail
-- of the current episode went out when last_alarm_at >= failing_since.
CREATE TABLE retailer_alarms (
  retailer      TEXT    PRIMARY KEY,
  failing_since INTEGER,
  -- The failure kind and reason most seen in the hour that started (or last confirmed) the episode.
  error         TEXT    CHECK (error IS NULL OR error IN ('error', 'parse_failed', 'timeout', 'blocked')),
  reason        TEXT    CHECK (reason IS NULL OR length(reason) <= 300),
  last_alarm_at INTEGER,
  recovered_at  INTEGER,
  CHECK (failing_since IS NOT NULL OR (error IS NULL AND reason IS NULL))
) STRICT, WITHOUT ROWID;
