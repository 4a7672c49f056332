-- Physical pharmacies for the nearby map (DESIGN §10), filled by `npm run pharmacies:import` or, in
-- demo mode on an empty table, by the bundled demo set. Replaced as a whole on every import.
CREATE TABLE pharmacies (
  -- Stable id from the source: 'fagg:<authorisation number>', 'osm:node/<id>' or 'demo:<n>'.
  id          TEXT    PRIMARY KEY,
  source      TEXT    NOT NULL CHECK (source IN ('fagg', 'osm', 'demo')),
  name        TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  address     TEXT    NOT NULL,
  postal_code TEXT    NOT NULL,
  city        TEXT    NOT NULL,
  lat         REAL    NOT NULL CHECK (lat BETWEEN -90 AND 90),
  lon         REAL    NOT NULL CHECK (lon BETWEEN -180 AND 180),
  -- 0 for a pharmacy the list marks as (temporarily) closed: kept, never answered as nearby.
  is_open     INTEGER NOT NULL DEFAULT 1 CHECK (is_open IN (0, 1)),
  imported_at INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

-- Nearby queries scan a latitude band of open pharmacies and filter the longitude inside the index
-- (bounding-box prefilter, then the exact distance in code): never a scan of the whole table.
CREATE INDEX pharmacies_open_lat_lon ON pharmacies (is_open, lat, lon);
