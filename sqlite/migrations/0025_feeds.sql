-- Shops read from their product feeds (docs/decisions/170, 171). Times are epoch milliseconds; prices
-- are euro cents.

-- The live items of each feed: the last import that was accepted, swapped in as a whole.
CREATE TABLE feed_items (
  retailer        TEXT    NOT NULL,
  item_id         TEXT    NOT NULL,
  title           TEXT    NOT NULL,
  brand           TEXT,
  -- Canonical GTIN (13 digits when it fits); the join to a CNK goes through it.
  gtin            TEXT,
  -- A CNK the feed itself carries (some affiliate feeds have a column for it).
  cnk             TEXT    CHECK (cnk IS NULL OR length(cnk) = 7),
  -- The sale price when it won over the price, else the price.
  price_cents     INTEGER NOT NULL CHECK (price_cents > 0),
  was_price_cents INTEGER,
  in_stock        INTEGER CHECK (in_stock IN (0, 1)),
  link            TEXT,
  image           TEXT,
  UNIQUE (retailer, item_id)
) STRICT;
CREATE INDEX feed_items_gtin ON feed_items (gtin, retailer) WHERE gtin IS NOT NULL;
CREATE INDEX feed_items_cnk ON feed_items (cnk, retailer) WHERE cnk IS NOT NULL;

-- Full-text search on title and brand (names typed without accents find names written with them).
CREATE VIRTUAL TABLE feed_items_fts USING fts5(
  title, brand, content = 'feed_items', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TRIGGER feed_items_fts_insert AFTER INSERT ON feed_items BEGIN
  INSERT INTO feed_items_fts (rowid, title, brand) VALUES (new.rowid, new.title, new.brand);
END;
CREATE TRIGGER feed_items_fts_delete AFTER DELETE ON feed_items BEGIN
  INSERT INTO feed_items_fts (feed_items_fts, rowid, title, brand) VALUES ('delete', old.rowid, old.title, old.brand);
END;

-- Items of an import being read, before the swap; emptied when the import ends either way.
CREATE TABLE feed_items_staging (
  retailer        TEXT    NOT NULL,
  item_id         TEXT    NOT NULL,
  title           TEXT    NOT NULL,
  brand           TEXT,
  gtin            TEXT,
  cnk             TEXT,
  price_cents     INTEGER NOT NULL,
  was_price_cents INTEGER,
  in_stock        INTEGER,
  link            TEXT,
  image           TEXT
) STRICT;

-- One row per feed: what is live and what the next conditional GET sends.
CREATE TABLE feed_state (
  retailer      TEXT    PRIMARY KEY,
  source        TEXT    NOT NULL,
  items         INTEGER NOT NULL,
  -- When the live items were read: the offers' fetchedAt.
  imported_at   INTEGER NOT NULL,
  -- The last look at the feed that found it readable or unchanged (a 304, the same file).
  checked_at    INTEGER NOT NULL,
  etag          TEXT,
  last_modified TEXT
) STRICT;

-- Every import attempt, for /admin and the shop alarm; a refusal names its reason.
CREATE TABLE feed_imports (
  id        INTEGER PRIMARY KEY,
  retailer  TEXT    NOT NULL,
  source    TEXT    NOT NULL,
  at        INTEGER NOT NULL,
  ms        INTEGER NOT NULL,
  outcome   TEXT    NOT NULL CHECK (outcome IN ('imported', 'unchanged', 'refused')),
  refusal   TEXT,
  message   TEXT,
  items     INTEGER,
  skipped   INTEGER,
  bytes     INTEGER
) STRICT;
CREATE INDEX feed_imports_retailer ON feed_imports (retailer, at);
