-- The market kept warm: per shop, CNK and language the shop was asked in, the shop's last answer to that
-- CNK (its offers, price, stock and link in offers_json; 'empty' when the shop does not sell it) and when it
-- was fetched. The refresh job asks in French; a Dutch page's names stay with Dutch readers. A price is fresh
-- while fetched_at is less than MARKET_FRESH_H hours old; the refresh job and every live search write here.
CREATE TABLE market_prices (
  retailer TEXT NOT NULL,
  cnk TEXT NOT NULL,
  lang TEXT NOT NULL CHECK (lang IN ('fr', 'nl')),
  status TEXT NOT NULL CHECK (status IN ('ok', 'empty')),
  offers_json TEXT NOT NULL,
  ms INTEGER NOT NULL,
  fetched_at INTEGER NOT NULL,
  PRIMARY KEY (retailer, cnk, lang)
) WITHOUT ROWID;

-- The CNKs worth keeping warm: searched, viewed, priced by Pro, in a synced Pro group or an alert. `wants`
-- counts how often it was asked for (the job walks the most wanted first among equally old prices);
-- wanted_at is the last time, so a CNK nobody asks for any more drops out of the walk.
CREATE TABLE market_wanted (
  cnk TEXT PRIMARY KEY,
  wants INTEGER NOT NULL DEFAULT 1,
  wanted_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX market_wanted_at ON market_wanted (wanted_at);
