-- Price search: per-retailer answer cache and the products seen in searches (landing pages).

-- One retailer's successful answer ('ok' or 'empty') to one normalised query. Failures are never
-- cached so the next search asks again. Rows older than SEARCH_CACHE_TTL_S are ignored and purged.
CREATE TABLE search_cache (
  retailer    TEXT    NOT NULL,
  query_key   TEXT    NOT NULL,
  status      TEXT    NOT NULL CHECK (status IN ('ok', 'empty')),
  offers_json TEXT    NOT NULL,
  ms          INTEGER NOT NULL CHECK (ms >= 0),
  fetched_at  INTEGER NOT NULL,
  PRIMARY KEY (retailer, query_key)
) WITHOUT ROWID;

CREATE INDEX search_cache_fetched_at ON search_cache (fetched_at);

-- Every product with a CNK seen in a search, so /{slug} landing pages exist for it.
CREATE TABLE products (
  cnk           TEXT    PRIMARY KEY CHECK (length(cnk) = 7 AND cnk NOT GLOB '*[^0-9]*'),
  slug          TEXT    NOT NULL UNIQUE,
  name          TEXT    NOT NULL,
  brand         TEXT,
  image         TEXT,
  first_seen_at INTEGER NOT NULL,
  last_seen_at  INTEGER NOT NULL
);
