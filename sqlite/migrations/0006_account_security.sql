-- A purged account's id is never given to a new account (issue 8.10): users.id is a plain rowid
-- alias, which SQLite reuses once the highest row is deleted. Rebuilding users with AUTOINCREMENT
-- would have to copy columns other features add, so the highest id ever used is kept here instead
-- and user.repository.ts inserts with an id above it. The trigger keeps it whatever deletes a row.
CREATE TABLE user_id_high_water (
  singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
  max_id    INTEGER NOT NULL
) STRICT;

INSERT INTO user_id_high_water (singleton, max_id) SELECT 1, coalesce(max(id), 0) FROM users;

CREATE TRIGGER users_id_high_water AFTER DELETE ON users
BEGIN
  UPDATE user_id_high_water SET max_id = max(max_id, OLD.id) WHERE singleton = 1;
END;
