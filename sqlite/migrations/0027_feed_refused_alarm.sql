-- A refused product feed import raises the shop alarm on its own (docs/decisions/179): the alarm state
-- may now hold the kind 'feed_refused'. SQLite cannot change a CHECK in place: the table is rebuilt.

CREATE TABLE retailer_alarms_new (
  retailer      TEXT    PRIMARY KEY,
  failing_since INTEGER,
  -- The failure kind and reason most seen in the hour that started (or last confirmed) the episode, or
  -- 'feed_refused' with the refusal of the shop's latest feed import.
  error         TEXT    CHECK (error IS NULL OR error IN ('error', 'parse_failed', 'timeout', 'blocked', 'feed_refused')),
  reason        TEXT    CHECK (reason IS NULL OR length(reason) <= 300),
  last_alarm_at INTEGER,
  recovered_at  INTEGER,
  CHECK (failing_since IS NOT NULL OR (error IS NULL AND reason IS NULL))
) STRICT, WITHOUT ROWID;
INSERT INTO retailer_alarms_new SELECT retailer, failing_since, error, reason, last_alarm_at, recovered_at FROM retailer_alarms;
DROP TABLE retailer_alarms;
ALTER TABLE retailer_alarms_new RENAME TO retailer_alarms;
