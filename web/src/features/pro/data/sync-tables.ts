// The device side of group sync as IndexedDB sees it (ADR 132, 142): who owns the Pro tables, the
// outbox to push, and one server answer applied in one transaction. The network loop is sync/group-sync.
import type { GroupSyncResponse, NotApplied } from '@pharmaradar/shared/pro.schema';
import { sameContent } from '@pharmaradar/shared/group-merge';
import type { PharmaRadarDb, ProGroupRecord } from '../../../db/db';
import { changesFromOutbox, planApply, type Pending } from '../sync/sync-merge';
import { indexLines, syncedLineUpdates } from './line-index';

/** proMeta keys: the server sequence the device has seen, and whose data the Pro tables hold. */
export const SYNC_CURSOR_KEY = 'syncSeq';
export const SYNC_OWNER_KEY = 'syncUser';

/** A change of this device that did not make it (docs/decisions/132): the device says which. */
export interface LostChange {
  name: string;
  reason: NotApplied['reason'];
}

export function syncTables(db: PharmaRadarDb) {
  const proTables = () => [db.proGroups, db.proMeta, db.proOffers, db.proCatalogue, db.proOutbox, db.proOfficial];
  return {
    /**
     * Makes the Pro tables the given user's (true when another account's data was wiped). Data left by
     * another account (a session that expired without a logout on a shared tablet) is wiped first: it
     * must neither show nor sync into this account.
     */
    async claim(userId: number): Promise<boolean> {
      return db.transaction('rw', proTables(), async () => {
        const owner = await db.proMeta.get(SYNC_OWNER_KEY);
        const foreign = owner !== undefined && owner.value !== userId;
        if (foreign) await Promise.all(proTables().map((t) => t.clear()));
        if (owner?.value !== userId) await db.proMeta.put({ key: SYNC_OWNER_KEY, value: userId, updatedAt: Date.now() });
        return foreign;
      });
    },

    /** The outbox as the changes to push, and the cursor to push them from. */
    async readOutbox() {
      return db.transaction('r', db.proOutbox, db.proGroups, db.proMeta, async () => {
        const outbox = await db.proOutbox.orderBy('seq').toArray();
        const groups = new Map<string, ProGroupRecord>();
        const ids = [...new Set(outbox.filter((e) => e.kind === 'group').map((e) => e.id))];
        for (const g of await db.proGroups.bulkGet(ids)) if (g) groups.set(g.id, g);
        const settings = await db.proMeta.get('settings');
        const cursor = await db.proMeta.get(SYNC_CURSOR_KEY);
        return {
          batch: changesFromOutbox(outbox, groups, settings),
          since: typeof cursor?.value === 'number' ? cursor.value : 0,
        };
      });
    },

    /**
     * Applies one answer: the server's changes (rebasing the edits still to send), the cursor, the outbox
     * entries sent. Returns how many records changed and which of this device's changes lost, by name;
     * null when the tables now belong to someone else (the answer is dropped).
     */
    async applyAnswer(
      userId: number,
      answer: GroupSyncResponse,
      sentSeqs: readonly number[],
    ): Promise<{ applied: number; lost: LostChange[] } | null> {
      return db.transaction('rw', db.proGroups, db.proMeta, db.proOutbox, db.proCatalogue, async () => {
        const owner = await db.proMeta.get(SYNC_OWNER_KEY);
        if (owner?.value !== userId) return null;
        const notApplied = answer.notApplied ?? [];
        const ids = [
          ...answer.changes.filter((c) => c.kind === 'group').map((c) => c.id),
          ...notApplied.map((n) => n.id),
        ];
        const local = new Map<string, ProGroupRecord>();
        for (const g of await db.proGroups.bulkGet(ids)) if (g) local.set(g.id, g);
        // A change the server refused is not pending any more: the server's version is taken as it is.
        const refused = new Set(notApplied.map((n) => n.id));
        const outbox = await db.proOutbox.toArray();
        const pending: Pending = {
          groups: new Set(outbox.filter((e) => e.kind === 'group' && !refused.has(e.id)).map((e) => e.id)),
          settings: outbox.some((e) => e.kind === 'settings'),
        };
        const plan = planApply(answer.changes, local, await db.proMeta.get('settings'), pending);
        await db.proGroups.bulkPut(plan.putGroups);
        // What the lines say of a product becomes what this device knows of it (product mode, new groups).
        await indexLines(db, syncedLineUpdates(plan.putGroups));
        await db.proGroups.bulkDelete(plan.deleteGroups);
        if (plan.settings) await db.proMeta.put({ key: 'settings', ...plan.settings });
        await db.proMeta.put({ key: SYNC_CURSOR_KEY, value: answer.seq, updatedAt: Date.now() });
        await db.proOutbox.bulkDelete([...sentSeqs]);
        const lost: LostChange[] = [
          ...notApplied.flatMap((n) => {
            const name = local.get(n.id)?.name;
            return name === undefined ? [] : [{ name, reason: n.reason }];
          }),
          ...plan.discarded.map((g) => ({ name: g.name, reason: 'deleted' as const })),
        ];
        // A put that only records the new base (this device's own change coming back) shows nothing new.
        const shown = plan.putGroups.filter((g) => {
          const before = local.get(g.id);
          return !before || before.deleted || !sameContent(before, g);
        });
        return { applied: shown.length + plan.deleteGroups.length + (plan.settings ? 1 : 0), lost };
      });
    },

    /** Changes in the outbox, not yet accepted by the server. */
    async pendingChanges(): Promise<number> {
      return db.proOutbox.count();
    },
  };
}
