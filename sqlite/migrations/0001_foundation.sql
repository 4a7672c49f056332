-- Foundation: contact-form messages.
-- Kept even when mailing fails (mail_status 'failed'), so no message a user sent is lost.
CREATE TABLE contact_messages (
  id          INTEGER PRIMARY KEY,
  name        TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  email       TEXT    NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  message     TEXT    NOT NULL CHECK (length(message) BETWEEN 1 AND 5000),
  locale      TEXT    NOT NULL CHECK (locale IN ('fr', 'en', 'nl')),
  created_at  INTEGER NOT NULL, -- epoch milliseconds (deps.now())
  mail_status TEXT    NOT NULL DEFAULT 'pending' CHECK (mail_status IN ('pending', 'sent', 'failed'))
) STRICT;

CREATE INDEX contact_messages_created_at ON contact_messages (created_at);
