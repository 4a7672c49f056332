import type { Db } from '../../db/database';
import { samePharmacy, type ImportDiff, type PharmacyRecord } from './pharmacy-record';
import { writeTransaction } from '../../db/write-transaction';

type Row = Omit<PharmacyRecord, 'is_open'> & { is_open: number };

const toRecord = (row: Row): PharmacyRecord => ({ ...row, is_open: row.is_open === 1 });

export interface Box {
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
}

export function createPharmaciesRepository(db: Db) {
  const COLUMNS = 'id, source, name, address, postal_code, city, lat, lon, is_open';
  // The (is_open, lat, lon) index answers this with a range scan on the latitude band.
  const inBox = db.prepare<[Box], Row>(
    `SELECT ${COLUMNS} FROM pharmacies INDEXED BY pharmacies_open_lat_lon
     WHERE is_open = 1 AND lat BETWEEN @minLat AND @maxLat AND lon BETWEEN @minLon AND @maxLon`,
  );
  const all = db.prepare<[], Row>(`SELECT ${COLUMNS} FROM pharmacies`);
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM pharmacies');
  const demoCount = db.prepare<[], { n: number }>(
    "SELECT count(*) AS n FROM (SELECT 1 FROM pharmacies WHERE source = 'demo' LIMIT 1)",
  );
  const clear = db.prepare('DELETE FROM pharmacies');
  const insert = db.prepare(
    `INSERT INTO pharmacies (${COLUMNS}, imported_at)
     VALUES (@id, @source, @name, @address, @postal_code, @city, @lat, @lon, @is_open, @imported_at)`,
  );

  const replace = writeTransaction(db, (records: PharmacyRecord[], now: number): ImportDiff => {
    const before = new Map(all.all().map((row) => [row.id, toRecord(row)]));
    const diff: ImportDiff = { added: 0, removed: 0, changed: 0, unchanged: 0 };
    const seen = new Set<string>();
    for (const record of records) {
      seen.add(record.id);
      const old = before.get(record.id);
      if (!old) diff.added++;
      else if (samePharmacy(old, record)) diff.unchanged++;
      else diff.changed++;
    }
    for (const id of before.keys()) if (!seen.has(id)) diff.removed++;
    clear.run();
    for (const record of records) insert.run({ ...record, is_open: record.is_open ? 1 : 0, imported_at: now });
    return diff;
  });

  return {
    /** Open pharmacies inside the box (unsorted; the service computes distances). */
    openInBox(box: Box): PharmacyRecord[] {
      return inBox.all(box).map(toRecord);
    },
    count(): number {
      return count.get()?.n ?? 0;
    },
    /** True when the table holds the bundled demo set (answers are then marked demo). */
    isDemo(): boolean {
      return (demoCount.get()?.n ?? 0) > 0;
    },
    /** Replaces every row in one transaction (all or nothing) and says what changed. */
    replaceAll(records: PharmacyRecord[], now: number): ImportDiff {
      return replace(records, now);
    },
  };
}

export type PharmaciesRepository = ReturnType<typeof createPharmaciesRepository>;
