-- Issue 17.2: a re-registration of a pending address no longer overwrites the account row. Its
-- password and profile wait here, with the code mailed for that registration, and reach the account
-- only when that code (or its link) is used: a password becomes active only through its own code.
-- JSON of the registration (password hash, names, pharmacist flag, locale, terms time); NULL for the
-- codes of the account row as it stands (first registration, resend, login of a pending account).
ALTER TABLE email_otps ADD COLUMN registration TEXT CHECK (registration IS NULL OR json_valid(registration));
