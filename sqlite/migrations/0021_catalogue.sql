-- The official medicine catalogue imported from the SAM export (docs/decisions/153, 154). Every row
-- carries the generation of the import that wrote it; readers only see the generation named in
-- catalogue_state, so an import writes its rows beside the live ones and swaps by changing one number.
-- Times are epoch milliseconds; dates are YYYY-MM-DD.

-- One row per public-pharmacy CNK of a medicine pack (a Dmpp with deliveryEnvironment P, codeType CNK).
CREATE TABLE catalogue_packs (
  generation      INTEGER NOT NULL,
  cnk             TEXT    NOT NULL CHECK (length(cnk) = 7),
  amp_code        TEXT    NOT NULL,
  cti_extended    TEXT    NOT NULL,
  -- The AMP's official product name per language (fr always; nl, en, de where present).
  name_fr         TEXT    NOT NULL,
  name_nl         TEXT,
  name_en         TEXT,
  name_de         TEXT,
  -- The pack's official name (AMPP PrescriptionNameFamhp, else AbbreviatedName), per language.
  pack_name_fr    TEXT,
  pack_name_nl    TEXT,
  pack_name_en    TEXT,
  pack_name_de    TEXT,
  -- PackDisplayValue verbatim (plain text in xsd=5, per language in xsd=6).
  pack_fr         TEXT,
  pack_nl         TEXT,
  -- ATC codes, space-separated, in file order.
  atc             TEXT    NOT NULL DEFAULT '',
  delivery_code   TEXT,
  delivery_fr     TEXT,
  delivery_nl     TEXT,
  delivery_en     TEXT,
  delivery_de     TEXT,
  prescription    INTEGER NOT NULL CHECK (prescription IN (0, 1)),
  -- The worse of the AMPP's and the AMP's status.
  status          TEXT    NOT NULL,
  marketed        INTEGER NOT NULL CHECK (marketed IN (0, 1)),
  vmp_code        TEXT,
  PRIMARY KEY (generation, cnk)
) STRICT, WITHOUT ROWID;
CREATE INDEX catalogue_packs_vmp ON catalogue_packs (generation, vmp_code) WHERE vmp_code IS NOT NULL;

-- GTINs of a pack (FMDProductCode, canonical form: 13 digits when the first of 14 is 0).
CREATE TABLE catalogue_gtins (
  generation INTEGER NOT NULL,
  gtin       TEXT    NOT NULL,
  cnk        TEXT    NOT NULL,
  PRIMARY KEY (generation, gtin, cnk)
) STRICT, WITHOUT ROWID;

-- Current VMPs (the generic level: substance, strength and form) with their names.
CREATE TABLE catalogue_vmps (
  generation INTEGER NOT NULL,
  code       TEXT    NOT NULL,
  name_fr    TEXT    NOT NULL,
  name_nl    TEXT,
  name_en    TEXT,
  name_de    TEXT,
  PRIMARY KEY (generation, code)
) STRICT, WITHOUT ROWID;

-- Non-medicinal products (NONMEDICINAL file), keyed by their code left-padded to 7 digits.
CREATE TABLE catalogue_nonmedicinal (
  generation        INTEGER NOT NULL,
  cnk               TEXT    NOT NULL CHECK (length(cnk) = 7),
  name_fr           TEXT    NOT NULL,
  name_nl           TEXT,
  name_en           TEXT,
  name_de           TEXT,
  category          TEXT    NOT NULL,
  producer          TEXT,
  commercial_status TEXT    NOT NULL,
  PRIMARY KEY (generation, cnk)
) STRICT, WITHOUT ROWID;

-- The one row saying which generation is live and what it was imported from. generation 0: none yet.
-- importing: the generation an import is writing (NULL when none), claimed at importing_since, so two
-- imports (the command and the weekly job) never write at once.
CREATE TABLE catalogue_state (
  id               INTEGER PRIMARY KEY CHECK (id = 1),
  generation       INTEGER NOT NULL DEFAULT 0,
  importing        INTEGER,
  importing_since  INTEGER,
  -- The export's number (the download endpoint's version, else the root's SamId), its XSD version.
  version          TEXT,
  xsd_version      TEXT,
  reference_date   TEXT,
  source           TEXT,
  demo             INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1)),
  imported_at      INTEGER,
  import_ms        INTEGER,
  packs            INTEGER NOT NULL DEFAULT 0,
  prescription     INTEGER NOT NULL DEFAULT 0,
  gtins            INTEGER NOT NULL DEFAULT 0,
  vmps             INTEGER NOT NULL DEFAULT 0,
  nonmedicinal     INTEGER NOT NULL DEFAULT 0,
  -- Data errors met and skipped (two current slices, a bad CNK or GTIN, a duplicate CNK).
  data_errors      INTEGER NOT NULL DEFAULT 0,
  -- The weekly update job's last look at the official endpoint.
  checked_at       INTEGER
) STRICT;
INSERT INTO catalogue_state (id) VALUES (1);
