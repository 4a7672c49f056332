-- Price alerts (issue 12 item 3): a user is mailed once each time a product's lowest price crosses
-- their threshold ('below') or goes down ('drop'). Times are epoch milliseconds, prices EUR.
CREATE TABLE price_alerts (
  id              INTEGER PRIMARY KEY,
  user_id         INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  cnk             TEXT    NOT NULL CHECK (length(cnk) = 7),
  product_name    TEXT    NOT NULL CHECK (length(product_name) BETWEEN 1 AND 200),
  kind            TEXT    NOT NULL CHECK (kind IN ('below', 'drop')),
  target_price    REAL    CHECK ((kind = 'below') = (target_price IS NOT NULL)),
  -- Language of the mails (the interface language when the alert was set).
  locale          TEXT    NOT NULL CHECK (locale IN ('fr', 'en', 'nl')),
  -- Lowest price at the last check: 'drop' fires when a check finds less.
  last_price      REAL,
  -- 'below': 1 while the price is at or under the target (mailed once), 0 once it is above again.
  crossed         INTEGER NOT NULL DEFAULT 0 CHECK (crossed IN (0, 1)),
  created_at      INTEGER NOT NULL,
  last_checked_at INTEGER,
  notified_at     INTEGER,
  UNIQUE (user_id, cnk, kind)
) STRICT;

CREATE INDEX price_alerts_cnk ON price_alerts (cnk);
