// What the official catalogue said of CNKs, kept on this device so an import is flagged offline too
// (docs/decisions/161). Per CNK, beside the stored offers: a CNK in several groups is asked about once.
import type { ProCatalogueResponse } from '@pharmaradar/shared/pro-catalogue.schema';
import type { PharmaRadarDb, ProOfficialRecord } from '../../../db/db';

/** proMeta key: the last answer's catalogue (null: the server has none), and when it was had. */
const META_KEY = 'officialCatalogue';

/**
 * `present`: the server has a catalogue, `facts` are what it said; `absent`: it had none when last
 * asked (nothing is flagged); `never`: this device never asked (offline since it started).
 */
export type OfficialCatalogueState = 'present' | 'absent' | 'never';

export function officialTable(db: PharmaRadarDb) {
  return {
    /** Keeps an answer of POST /api/pro/catalogue: the catalogue's presence and each CNK's facts. */
    async storeOfficial(answer: ProCatalogueResponse, now = Date.now()): Promise<void> {
      await db.transaction('rw', db.proMeta, db.proOfficial, async () => {
        await db.proMeta.put({ key: META_KEY, value: answer.catalogue, updatedAt: now });
        const version = answer.catalogue?.version ?? null;
        await db.proOfficial.bulkPut(
          answer.facts.map((f): ProOfficialRecord => ({ ...f, catalogueVersion: version, checkedAt: now })),
        );
      });
    },

    /** The stored facts of `cnks` (a CNK never asked about is absent) and whether there is a catalogue. */
    async officialOf(
      cnks: readonly string[],
    ): Promise<{ catalogue: OfficialCatalogueState; facts: Map<string, ProOfficialRecord> }> {
      const meta = await db.proMeta.get(META_KEY);
      const catalogue: OfficialCatalogueState = !meta ? 'never' : meta.value ? 'present' : 'absent';
      const rows = await db.proOfficial.bulkGet([...cnks]);
      return { catalogue, facts: new Map(rows.flatMap((r) => (r ? [[r.cnk, r] as const] : []))) };
    },
  };
}
