// Finished analyses kept on this device for the group report (ADR 086): not synced, wiped at logout.
import type { PharmaRadarDb, ProReportRecord } from '../../../db/db';

/** Snapshots kept per group: the report needs two; a few more cost little and allow a later history. */
export const REPORTS_KEPT = 20;

export function reportTable(db: PharmaRadarDb) {
  const byGroup = (groupId: string) =>
    db.proReports.where('[groupId+analysedAt]').between([groupId, -Infinity], [groupId, Infinity]);
  return {
    /** Stores one finished analysis and drops the group's oldest past REPORTS_KEPT. */
    async saveReport(record: ProReportRecord): Promise<void> {
      await db.transaction('rw', db.proReports, async () => {
        await db.proReports.put(record);
        const ids = (await byGroup(record.groupId).primaryKeys()) as string[];
        if (ids.length > REPORTS_KEPT) await db.proReports.bulkDelete(ids.slice(0, ids.length - REPORTS_KEPT));
      });
    },

    /** The group's two latest analyses, latest first (fewer when fewer were made). */
    async latestReports(groupId: string): Promise<ProReportRecord[]> {
      return byGroup(groupId).reverse().limit(2).toArray();
    },

    async deleteReports(groupId: string): Promise<void> {
      await byGroup(groupId).delete();
    },
  };
}
