import type { AdminCatalogueCounts } from '@pharmaradar/shared/admin.schema';
import type { Db } from '../../db/database';
import type { NonMedicinalRow, PackRow, VmpRow } from './catalogue-import/sam-entities';
import type { CatalogueRefusal, CatalogueVersion, DeliveryModeCount } from '../../lib/catalogue-lookup';
import { writeTransaction } from '../../db/write-transaction';

// The catalogue's SQL. Rows are written under a new generation beside the live one, in short
// transactions so the running server keeps writing; one UPDATE of catalogue_state swaps them in
// (docs/decisions/153).

const TABLES = ['catalogue_packs', 'catalogue_gtins', 'catalogue_vmps', 'catalogue_nonmedicinal'] as const;
const LIVE = '(SELECT generation FROM catalogue_state WHERE id = 1)';
/** Rows per write transaction while importing. */
const BATCH = 2000;

/** The live catalogue's row; its count columns are the admin page's counts, name for name. */
export interface CatalogueStateRow extends AdminCatalogueCounts {
  generation: number;
  importing: number | null;
  importing_since: number | null;
  version: string | null;
  xsd_version: string | null;
  reference_date: string | null;
  source: string | null;
  demo: number;
  imported_at: number | null;
  import_ms: number | null;
  checked_at: number | null;
  /** JSON: the live import's DeliveryModeCount[]. */
  delivery_modes: string;
  refused_at: number | null;
  refusal: CatalogueRefusal | null;
  refusal_message: string | null;
}

export interface PackDbRow {
  cnk: string;
  amp_code: string;
  name_fr: string;
  name_nl: string | null;
  name_en: string | null;
  pack_name_fr: string | null;
  pack_name_nl: string | null;
  pack_name_en: string | null;
  pack_fr: string | null;
  pack_nl: string | null;
  pack_en: string | null;
  atc: string;
  delivery_code: string | null;
  delivery_fr: string | null;
  delivery_nl: string | null;
  delivery_en: string | null;
  prescription: number;
  status: string;
  marketed: number;
  vmp_code: string | null;
  vmp_fr: string | null;
  vmp_nl: string | null;
  vmp_en: string | null;
}

export interface NonMedicinalDbRow {
  cnk: string;
  name_fr: string;
  name_nl: string | null;
  name_en: string | null;
  category: string;
  producer: string | null;
  commercial_status: string;
}

/** What an import records beside the data it swaps in: the live version less the update job's last look. */
export type SwapMeta = Omit<CatalogueVersion, 'checkedAt' | 'lastRefusal'>;

// Public packs per delivery mode of one generation, most packs first (the migration that added
// delivery_modes backfills the live one with the same query).
const DELIVERY_MODES_SQL = `SELECT coalesce(json_group_array(json(mode)), '[]') AS modes FROM (
    SELECT json_object(
             'code', delivery_code,
             'description', json_object('fr', min(delivery_fr), 'nl', min(delivery_nl), 'en', min(delivery_en), 'de', min(delivery_de)),
             'packs', count(*),
             'free', json(CASE prescription WHEN 0 THEN 'true' ELSE 'false' END)) AS mode
      FROM catalogue_packs WHERE generation = ?
     GROUP BY delivery_code, prescription
     ORDER BY count(*) DESC, delivery_code)`;

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;

/** How long the live generation read by this process is trusted before it is read again. */
const GENERATION_HOLD_MS = 1000;
/** The live generation as last read, per connection: a swap through any repository on it forgets it. */
const heldGenerations = new WeakMap<Db, { value: number; readAt: number }>();

export function createCatalogueRepository(db: Db) {
  const state = db.prepare<[], CatalogueStateRow>('SELECT * FROM catalogue_state WHERE id = 1');
  const generation = db.prepare<[], { generation: number }>('SELECT generation FROM catalogue_state WHERE id = 1');
  const insertPack = db.prepare(
    `INSERT OR IGNORE INTO catalogue_packs (generation, cnk, amp_code, cti_extended, name_fr, name_nl, name_en, name_de,
       pack_name_fr, pack_name_nl, pack_name_en, pack_name_de, pack_fr, pack_nl, pack_en, pack_de, atc, delivery_code, delivery_fr,
       delivery_nl, delivery_en, delivery_de, prescription, status, marketed, vmp_code)
     VALUES (@generation, @cnk, @ampCode, @ctiExtended, @nameFr, @nameNl, @nameEn, @nameDe, @packNameFr, @packNameNl,
       @packNameEn, @packNameDe, @packFr, @packNl, @packEn, @packDe, @atc, @deliveryCode, @deliveryFr, @deliveryNl, @deliveryEn,
       @deliveryDe, @prescription, @status, @marketed, @vmpCode)`,
  );
  const insertGtin = db.prepare('INSERT OR IGNORE INTO catalogue_gtins (generation, gtin, cnk) VALUES (?, ?, ?)');
  const insertVmp = db.prepare(
    'INSERT OR IGNORE INTO catalogue_vmps (generation, code, name_fr, name_nl, name_en, name_de) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertNonMedicinal = db.prepare(
    `INSERT OR IGNORE INTO catalogue_nonmedicinal (generation, cnk, name_fr, name_nl, name_en, name_de, category,
       producer, commercial_status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const packByCnk = db.prepare<[string], PackDbRow>(
    `SELECT p.*, v.name_fr AS vmp_fr, v.name_nl AS vmp_nl, v.name_en AS vmp_en
       FROM catalogue_packs p
       LEFT JOIN catalogue_vmps v ON v.generation = p.generation AND v.code = p.vmp_code
      WHERE p.generation = ${LIVE} AND p.cnk = ?`,
  );
  const gtinsOf = db.prepare<[string], { gtin: string }>(
    `SELECT gtin FROM catalogue_gtins WHERE generation = ${LIVE} AND cnk = ? ORDER BY gtin`,
  );
  const cnkOfGtin = db.prepare<[string], { cnk: string }>(
    `SELECT cnk FROM catalogue_gtins WHERE generation = ${LIVE} AND gtin = ? ORDER BY cnk LIMIT 1`,
  );
  const vmp = db.prepare<[string], { code: string; name_fr: string; name_nl: string | null; name_en: string | null }>(
    `SELECT code, name_fr, name_nl, name_en FROM catalogue_vmps WHERE generation = ${LIVE} AND code = ?`,
  );
  const vmpPacks = db.prepare<[string], { cnk: string }>(
    `SELECT cnk FROM catalogue_packs WHERE generation = ${LIVE} AND vmp_code = ? ORDER BY cnk`,
  );
  const deliveryModes = db.prepare<[number], { modes: string }>(DELIVERY_MODES_SQL);
  const nonMedicinal = db.prepare<[string], NonMedicinalDbRow>(
    `SELECT cnk, name_fr, name_nl, name_en, category, producer, commercial_status
       FROM catalogue_nonmedicinal WHERE generation = ${LIVE} AND cnk = ?`,
  );

  return {
    state: (): CatalogueStateRow => state.get()!,
    /**
     * The live generation, held in memory (a cached search asks for it on every request): this process's
     * swap forgets it at once; an import by another process is seen within GENERATION_HOLD_MS (ADR 239).
     */
    generation(): number {
      const at = performance.now();
      let held = heldGenerations.get(db);
      if (held === undefined || at - held.readAt >= GENERATION_HOLD_MS) {
        held = { value: generation.get()?.generation ?? 0, readAt: at };
        heldGenerations.set(db, held);
      }
      return held.value;
    },
    packByCnk: (cnk: string) => packByCnk.get(cnk) ?? null,
    gtinsOf: (cnk: string) => gtinsOf.all(cnk).map((r) => r.gtin),
    cnkOfGtin: (gtin: string) => cnkOfGtin.get(gtin)?.cnk ?? null,
    vmp: (code: string) => vmp.get(code) ?? null,
    vmpPacks: (code: string) => vmpPacks.all(code).map((r) => r.cnk),
    nonMedicinal: (cnk: string) => nonMedicinal.get(cnk) ?? null,
    setCheckedAt: (at: number) => db.prepare('UPDATE catalogue_state SET checked_at = ? WHERE id = 1').run(at),

    /**
     * Claims the next generation for one import, or answers null while another import's claim is younger
     * than staleMs. Rows of any generation other than the live one (a crashed import's) are dropped first.
     */
    claim: writeTransaction(db, (now: number, staleMs: number): number | null => {
      const row = state.get()!;
      if (row.importing !== null && row.importing_since !== null && row.importing_since > now - staleMs) return null;
      const next = Math.max(row.generation, row.importing ?? 0) + 1;
      for (const table of TABLES) db.prepare(`DELETE FROM ${table} WHERE generation <> ?`).run(row.generation);
      db.prepare('UPDATE catalogue_state SET importing = ?, importing_since = ? WHERE id = 1').run(next, now);
      return next;
    }),

    /** Batched writes under `gen`; each add answers false for a key already written (a duplicate). */
    writer(gen: number) {
      const pending: Array<() => boolean> = [];
      let duplicates = 0;
      const flush = writeTransaction(db, () => {
        for (const write of pending.splice(0)) if (!write()) duplicates++;
      });
      const add = (write: () => boolean) => {
        pending.push(write);
        if (pending.length >= BATCH) flush();
      };
      return {
        pack: (r: PackRow) =>
          add(() => {
            const written =
              insertPack.run({
                generation: gen,
                cnk: r.cnk,
                ampCode: r.ampCode,
                ctiExtended: r.ctiExtended,
                nameFr: r.name.fr,
                nameNl: r.name.nl,
                nameEn: r.name.en,
                nameDe: r.name.de,
                packNameFr: r.packName?.fr ?? null,
                packNameNl: r.packName?.nl ?? null,
                packNameEn: r.packName?.en ?? null,
                packNameDe: r.packName?.de ?? null,
                packFr: r.pack.fr,
                packNl: r.pack.nl,
                packEn: r.pack.en,
                packDe: r.pack.de,
                atc: r.atc.join(' '),
                deliveryCode: r.deliveryCode,
                deliveryFr: r.delivery?.fr ?? null,
                deliveryNl: r.delivery?.nl ?? null,
                deliveryEn: r.delivery?.en ?? null,
                deliveryDe: r.delivery?.de ?? null,
                prescription: r.prescription ? 1 : 0,
                status: r.status,
                marketed: r.marketed ? 1 : 0,
                vmpCode: r.vmpCode,
              }).changes === 1;
            if (written) for (const gtin of r.gtins) insertGtin.run(gen, gtin, r.cnk);
            return written;
          }),
        vmp: (r: VmpRow) =>
          add(() => insertVmp.run(gen, r.code, r.name.fr, r.name.nl, r.name.en, r.name.de).changes === 1),
        nonMedicinal: (r: NonMedicinalRow) =>
          add(
            () =>
              insertNonMedicinal.run(
                gen,
                r.cnk,
                r.name.fr,
                r.name.nl,
                r.name.en,
                r.name.de,
                r.category,
                r.producer,
                r.commercialStatus,
              ).changes === 1,
          ),
        /** Writes what is pending; answers the duplicates met so far. */
        flush(): number {
          flush();
          return duplicates;
        },
      };
    },

    /** Counts of what generation `gen` holds. */
    counts(gen: number) {
      const count = (sql: string) => (db.prepare(sql).get(gen) as { n: number }).n;
      return {
        packs: count('SELECT count(*) AS n FROM catalogue_packs WHERE generation = ?'),
        prescription: count('SELECT count(*) AS n FROM catalogue_packs WHERE generation = ? AND prescription = 1'),
        gtins: count('SELECT count(*) AS n FROM catalogue_gtins WHERE generation = ?'),
        vmps: count('SELECT count(*) AS n FROM catalogue_vmps WHERE generation = ?'),
        nonmedicinal: count('SELECT count(*) AS n FROM catalogue_nonmedicinal WHERE generation = ?'),
      };
    },

    /** Public packs per delivery mode in generation `gen`, most packs first. */
    deliveryModes: (gen: number): DeliveryModeCount[] =>
      JSON.parse(deliveryModes.get(gen)?.modes ?? '[]') as DeliveryModeCount[],

    /** A refused import: why, beside the live catalogue it left as it was. */
    recordRefusal: (at: number, refusal: CatalogueRefusal, message: string) =>
      db
        .prepare('UPDATE catalogue_state SET refused_at = ?, refusal = ?, refusal_message = ? WHERE id = 1')
        .run(at, refusal, message.slice(0, 1000)),

    /** Makes `gen` the live catalogue in one statement; false when its claim was lost. */
    swap(gen: number, meta: SwapMeta): boolean {
      const { counts } = meta;
      heldGenerations.delete(db);
      return (
        db
          .prepare(
            `UPDATE catalogue_state SET generation = @gen, importing = NULL, importing_since = NULL, version = @version,
               xsd_version = @xsd, reference_date = @date, source = @source, demo = @demo, imported_at = @at,
               import_ms = @ms, packs = @packs, prescription = @prescription, gtins = @gtins, vmps = @vmps,
               nonmedicinal = @nonmedicinal, data_errors = @dataErrors, delivery_modes = @modes
             WHERE id = 1 AND importing = @gen`,
          )
          .run({
            gen,
            version: meta.version,
            xsd: meta.xsdVersion,
            date: meta.referenceDate,
            source: meta.source,
            demo: meta.demo ? 1 : 0,
            at: meta.importedAt,
            ms: meta.importMs,
            modes: JSON.stringify(meta.deliveryModes),
            ...counts,
          }).changes === 1
      );
    },

    /** Drops every generation's rows but the live one's, one table per transaction. */
    dropStale(): void {
      for (const table of TABLES) db.prepare(`DELETE FROM ${table} WHERE generation <> ${LIVE}`).run();
    },

    /** A failed import: its rows go and its claim is released; the live catalogue is untouched. */
    abandon(gen: number): void {
      for (const table of TABLES) db.prepare(`DELETE FROM ${table} WHERE generation = ?`).run(gen);
      db.prepare(
        'UPDATE catalogue_state SET importing = NULL, importing_since = NULL WHERE id = 1 AND importing = ?',
      ).run(gen);
    },
  };
}
