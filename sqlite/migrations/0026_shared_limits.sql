-- What several server processes (WEB_CONCURRENCY > 1) must share lives here rather than in each
-- process's memory (docs/decisions/177). Every row is short-lived: the code deletes what has expired
-- as it goes. Times are epoch milliseconds.

-- Fixed-window counters of lib/rate-limit.ts: one row per (limiter, key) while its window is open.
CREATE TABLE rate_limit_windows (
  name     TEXT    NOT NULL,
  key      TEXT    NOT NULL,
  count    INTEGER NOT NULL,
  reset_at INTEGER NOT NULL,
  PRIMARY KEY (name, key)
) STRICT, WITHOUT ROWID;

-- Wrong-password counters (accounts/login-delays.ts): requester '' is the account's own counter,
-- 'ip:…' or 'device:…' one requester's. Forgotten an hour after the last failure.
CREATE TABLE login_failures (
  email      TEXT    NOT NULL,
  requester  TEXT    NOT NULL,
  count      INTEGER NOT NULL,
  last_at    INTEGER NOT NULL,
  not_before INTEGER NOT NULL,
  PRIMARY KEY (email, requester)
) STRICT, WITHOUT ROWID;

-- Verification-code mails of the last hour per address (accounts/code-pacing.ts).
CREATE TABLE code_sends (
  email   TEXT    NOT NULL,
  sent_at INTEGER NOT NULL
) STRICT;
CREATE INDEX code_sends_email ON code_sends (email, sent_at);

-- Leases: one process at a time holds a name (a shop's upstream request for one query, a Stripe
-- customer's webhook) until it releases it or the lease expires (a process that died).
CREATE TABLE leases (
  name       TEXT    PRIMARY KEY,
  holder     TEXT    NOT NULL,
  expires_at INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
