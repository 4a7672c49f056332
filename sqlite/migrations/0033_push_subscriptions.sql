-- Web Push for price alerts: the devices a user turned push on for, what each alert firing sends
-- them, and whether alerts also go by e-mail. Times are epoch milliseconds.

-- One row per device (browser profile): the push service's endpoint and the keys the message is
-- encrypted with (RFC 8291). An endpoint belongs to one user at a time: posted by another user it
-- moves to them as a new row (a shared tablet), so nothing queued for the previous user reaches it.
CREATE TABLE push_subscriptions (
  -- AUTOINCREMENT: an id is never given to another device (a stale id in a list names nothing).
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The session that turned push on: its logout turns push off on that device. An expired session
  -- leaves the device subscribed (the user never asked to stop).
  session_id  INTEGER REFERENCES sessions (id) ON DELETE SET NULL,
  endpoint    TEXT    NOT NULL UNIQUE CHECK (length(endpoint) BETWEEN 1 AND 2048),
  p256dh      TEXT    NOT NULL CHECK (length(p256dh) BETWEEN 80 AND 90),
  auth        TEXT    NOT NULL CHECK (length(auth) BETWEEN 20 AND 24),
  -- Browser and system names from the User-Agent, for the account page's list.
  device      TEXT    NOT NULL CHECK (length(device) <= 100),
  created_at  INTEGER NOT NULL
) STRICT;

CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);
CREATE INDEX push_subscriptions_session ON push_subscriptions (session_id);

-- One row per (alert firing, device): written before anything is sent, so a retry, a second worker
-- or a second run finds it and never sends that firing to that device again.
CREATE TABLE push_deliveries (
  firing          TEXT    NOT NULL CHECK (length(firing) <= 100),
  subscription_id INTEGER NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
  -- pending: to send (again) at next_attempt_at; sent: the push service took it; failed: given up.
  state           TEXT    NOT NULL CHECK (state IN ('pending', 'sent', 'failed')),
  -- The message (JSON, the user's language); cleared once sent or given up.
  payload         TEXT,
  topic           TEXT    NOT NULL CHECK (length(topic) <= 32),
  attempts        INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  -- A sender holds the row until then; another sender takes it only after (a sender that died).
  leased_until    INTEGER NOT NULL DEFAULT 0,
  created_at      INTEGER NOT NULL,
  PRIMARY KEY (firing, subscription_id)
) STRICT;

CREATE INDEX push_deliveries_due ON push_deliveries (state, next_attempt_at);

-- Alerts' channels per user: e-mail on unless turned off (push then reaches them).
CREATE TABLE alert_preferences (
  user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  email   INTEGER NOT NULL CHECK (email IN (0, 1))
) STRICT;
