-- Price history (issue 12 item 1, ADR 105): every price the engine observes, one row per retailer,
-- product and calendar day (Europe/Brussels) at most. Rows older than PRICE_HISTORY_DAYS are purged.
CREATE TABLE price_history (
  cnk         TEXT    NOT NULL CHECK (length(cnk) = 7 AND cnk NOT GLOB '*[^0-9]*'),
  retailer    TEXT    NOT NULL,
  day         TEXT    NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  -- The last price seen that day, and the lowest (several searches a day may see several prices).
  price_cents INTEGER NOT NULL CHECK (price_cents >= 0),
  low_cents   INTEGER NOT NULL CHECK (low_cents >= 0),
  in_stock    INTEGER CHECK (in_stock IN (0, 1)),
  -- The struck-out 'was' price shown with the last price, when the shop showed one.
  was_cents   INTEGER CHECK (was_cents >= 0),
  observed_at INTEGER NOT NULL,
  PRIMARY KEY (cnk, retailer, day)
) WITHOUT ROWID;

CREATE INDEX price_history_day ON price_history (day);
