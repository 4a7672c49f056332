-- The official catalogue's import checks (docs/decisions/197): the live import keeps its table of delivery
-- modes (code, description, public packs, read as free delivery or not) for /admin, and the last refused
-- import is recorded with its kind and message, the previous catalogue staying live.

ALTER TABLE catalogue_state ADD COLUMN delivery_modes TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(delivery_modes));
ALTER TABLE catalogue_state ADD COLUMN refused_at INTEGER;
ALTER TABLE catalogue_state ADD COLUMN refusal TEXT
  CHECK (refusal IS NULL OR refusal IN ('invalid', 'too_large', 'no_pack', 'no_otc', 'shrunk', 'busy'));
ALTER TABLE catalogue_state ADD COLUMN refusal_message TEXT CHECK (refusal_message IS NULL OR length(refusal_message) <= 1000);

-- The catalogue already live gets its table now rather than at its next import (same query as the
-- repository's deliveryModes).
UPDATE catalogue_state SET delivery_modes = (
  SELECT coalesce(json_group_array(json(mode)), '[]') FROM (
    SELECT json_object(
             'code', delivery_code,
             'description', json_object('fr', min(delivery_fr), 'nl', min(delivery_nl), 'en', min(delivery_en), 'de', min(delivery_de)),
             'packs', count(*),
             'free', json(CASE prescription WHEN 0 THEN 'true' ELSE 'false' END)) AS mode
      FROM catalogue_packs
     WHERE generation = (SELECT generation FROM catalogue_state WHERE id = 1)
     GROUP BY delivery_code, prescription
     ORDER BY count(*) DESC, delivery_code
  )
) WHERE id = 1;
