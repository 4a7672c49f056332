-- Accounts: users, sessions, e-mail one-time codes and external identities (Google).
-- Times are epoch milliseconds (deps.now()). Booleans are 0/1.

CREATE TABLE users (
  id                  INTEGER PRIMARY KEY,
  -- Trimmed and lower-cased as a whole (shared/src/auth.schema.ts normalizeEmail).
  email               TEXT    NOT NULL UNIQUE CHECK (length(email) BETWEEN 3 AND 254),
  -- PHC string ($argon2id$…); NULL for accounts created through Google that never set a password.
  password_hash       TEXT,
  first_name          TEXT    NOT NULL DEFAULT '' CHECK (length(first_name) <= 150),
  last_name           TEXT    NOT NULL DEFAULT '' CHECK (length(last_name) <= 150),
  -- NULL = not answered yet (Google sign-up): the pharmacist gate asks once.
  is_pharmacist       INTEGER CHECK (is_pharmacist IN (0, 1)),
  email_verified      INTEGER NOT NULL DEFAULT 0 CHECK (email_verified IN (0, 1)),
  is_active           INTEGER NOT NULL DEFAULT 0 CHECK (is_active IN (0, 1)),
  is_staff            INTEGER NOT NULL DEFAULT 0 CHECK (is_staff IN (0, 1)),
  is_superuser        INTEGER NOT NULL DEFAULT 0 CHECK (is_superuser IN (0, 1)),
  -- Language of the e-mails sent about this account without a request in that language.
  locale              TEXT    NOT NULL DEFAULT 'fr' CHECK (locale IN ('fr', 'en', 'nl')),
  terms_accepted_at   INTEGER,
  date_joined         INTEGER NOT NULL,
  last_login          INTEGER,
  updated_at          INTEGER NOT NULL,
  -- Set by account deletion: login impossible, sessions gone; the purge job deletes the row.
  closed_at           INTEGER,
  -- Subscription summary, written by billing; is_pro and plan are derived from it (user.serializer.ts).
  subscription_status TEXT    NOT NULL DEFAULT 'none' CHECK (subscription_status IN (
                        'active', 'trialing', 'past_due', 'canceled', 'canceled_at_period_end',
                        'incomplete', 'incomplete_expired', 'unpaid', 'none')),
  trial_ends_at       INTEGER,
  pro_until           INTEGER,
  search_quota        INTEGER CHECK (search_quota IS NULL OR search_quota >= 0),
  search_used         INTEGER NOT NULL DEFAULT 0 CHECK (search_used >= 0)
) STRICT;

CREATE INDEX users_closed_at ON users (closed_at) WHERE closed_at IS NOT NULL;

-- Only the SHA-256 of the cookie token is stored: a database leak gives no usable session.
CREATE TABLE sessions (
  id           INTEGER PRIMARY KEY,
  token_hash   TEXT    NOT NULL UNIQUE CHECK (length(token_hash) = 64),
  user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at   INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL
) STRICT;

CREATE INDEX sessions_user_id ON sessions (user_id);
CREATE INDEX sessions_last_seen_at ON sessions (last_seen_at);

-- E-mail verification codes: HMAC(SECRET_KEY, user id + code), never the digits. A row stays after use
-- or replacement (dead, with its reason) for the resend throttle, and is pruned after a day.
CREATE TABLE email_otps (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash   TEXT    NOT NULL CHECK (length(code_hash) = 64),
  created_at  INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL,
  attempts    INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  dead_at     INTEGER,
  dead_reason TEXT CHECK (dead_reason IN ('used', 'replaced', 'burned'))
) STRICT;

CREATE INDEX email_otps_user_id ON email_otps (user_id, created_at);

-- Sign-in identities from external providers, keyed by (issuer, subject), never by e-mail.
CREATE TABLE user_identities (
  issuer     TEXT    NOT NULL,
  subject    TEXT    NOT NULL CHECK (length(subject) BETWEEN 1 AND 255),
  user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (issuer, subject)
) STRICT;

CREATE INDEX user_identities_user_id ON user_identities (user_id);
