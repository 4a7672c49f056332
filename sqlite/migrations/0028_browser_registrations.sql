-- A registration of a pending address, kept with the browser that made it (an HttpOnly cookie holds
-- a random token; only its HMAC is stored). Any code or link mailed to the address proves the
-- mailbox; what it activates is this browser's registration, or else the password typed on the
-- verify screen: a password the mailbox holder did not type never becomes active. The held
-- registration of email_otps (0013) is no longer written.
CREATE TABLE browser_registrations (
  id           INTEGER PRIMARY KEY,
  user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash   TEXT    NOT NULL CHECK (length(token_hash) = 64),
  registration TEXT    NOT NULL CHECK (json_valid(registration)),
  created_at   INTEGER NOT NULL
) STRICT;

-- One browser keeps one token: it may hold registrations of several addresses, or several of one
-- (the latest is the one it activates).
CREATE INDEX browser_registrations_token ON browser_registrations (token_hash, user_id);
CREATE INDEX browser_registrations_created_at ON browser_registrations (created_at);
