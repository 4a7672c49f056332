-- A pack's PackDisplayValue in English and German too (xsd 6 writes it per language): a reader is shown
-- the catalogue's text in their language, French when it has none in it, like every other official text.
-- Rows already imported keep NULL here (French is shown) until the next import writes both.

ALTER TABLE catalogue_packs ADD COLUMN pack_en TEXT;
ALTER TABLE catalogue_packs ADD COLUMN pack_de TEXT;
