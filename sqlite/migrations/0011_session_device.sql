-- The device a session was opened from (issue 8.16, account data export): a summary of the
-- User-Agent header, browser and operating system names only (the raw header is never stored, it is
-- close to a fingerprint). NULL when unknown, and for sessions opened before this migration.
ALTER TABLE sessions ADD COLUMN browser TEXT CHECK (browser IS NULL OR length(browser) <= 40);
ALTER TABLE sessions ADD COLUMN os      TEXT CHECK (os IS NULL OR length(os) <= 40);
