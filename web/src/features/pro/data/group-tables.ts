// Groups, settings, stored offers and catalogue prices: what the screens read and write (ADR 142).
// A change meant for the other devices goes to the outbox in the same transaction, then `changed` runs.
import type { ProProductEvent } from '@pharmaradar/shared/pro.schema';
import { DEFAULT_PRICING_SETTINGS, pricingSettingsSchema, type PricingSettings } from '@pharmaradar/shared/pricing.schema';
import type { PharmaRadarDb, ProGroupRecord, ProOfferRecord } from '../../../db/db';
import { nextUpdatedAt } from '../sync/sync-merge';
import { toSyncedLines, updatedLine, type GroupLine, type GroupLineUpdate } from '@pharmaradar/shared/group-line';
import { groupLines, savedLines, tombstoneLines } from './group-lines';
import { indexLines, indexedLines } from './line-index';

/** What a batch answer leaves on the device for one CNK (analysis offline works from these). */
export function offerRecord(event: ProProductEvent): ProOfferRecord {
  return {
    cnk: event.cnk,
    name: event.product?.name ?? null,
    status: event.status,
    offers: event.product?.offers.map((o) => o.price) ?? [],
    fetchedAt: event.fetchedAt,
    retailers: event.retailers.filter((r) => r.status === 'ok' || r.status === 'empty').map((r) => r.id),
    // What the official catalogue said with the answer (docs/decisions/161): why it is never priced, its names.
    ...(event.exclusion ? { exclusion: event.exclusion } : {}),
    ...(event.official ? { official: event.official } : {}),
  };
}

export function groupTables(db: PharmaRadarDb, changed: () => void) {
  return {
    async listGroups(): Promise<ProGroupRecord[]> {
      return (await db.proGroups.toArray()).filter((g) => !g.deleted).sort((a, b) => a.name.localeCompare(b.name));
    },

    /**
     * Saves a group as a screen made it (a delete is `deleted: true`) with the lines it gives (a field
     * left out keeps what is known, null clears it), in one transaction queued once for sync. A CNK new
     * to the group brings what the device knows of it (a VAT once known stays known); a line given here
     * is the product's in every other group holding it too (each queued once).
     */
    async saveGroup(group: ProGroupRecord, updates: readonly GroupLineUpdate[] = [], now = Date.now()): Promise<void> {
      await db.transaction('rw', db.proGroups, db.proOutbox, db.proCatalogue, async () => {
        // Past the stored version even when this device's clock lags: the server must not drop it as older.
        const stored = await db.proGroups.get(group.id);
        const updatedAt = nextUpdatedAt(stored?.updatedAt, group.updatedAt);
        const current = { cnks: group.cnks, lines: group.lines ?? stored?.lines };
        const lines = group.deleted
          ? tombstoneLines(current)
          : savedLines(current, await indexedLines(db, group.cnks), byCnk(updates));
        // The sync base stays what the device last had from the server: the push is merged against it.
        await db.proGroups.put({ ...group, lines, base: stored?.base ?? null, updatedAt });
        await db.proOutbox.add({ kind: 'group', id: group.id, updatedAt });
        if (!group.deleted) await recordLines(updates, now, group.id);
      });
      changed();
    },

    async loadSettings(): Promise<PricingSettings> {
      const stored = await db.proMeta.get('settings');
      const parsed = pricingSettingsSchema.safeParse(stored?.value);
      return parsed.success ? parsed.data : DEFAULT_PRICING_SETTINGS;
    },

    /**
     * Applies the fields the person changed onto the settings as stored now (not onto what a screen
     * read earlier), and queues them for sync; resolves to the settings saved. Throws when the result
     * breaks the schema (a minimum above the ideal).
     */
    async saveSettings(patch: Partial<PricingSettings>, now = Date.now()): Promise<PricingSettings> {
      const saved = await db.transaction('rw', db.proMeta, db.proOutbox, async () => {
        const stored = await db.proMeta.get('settings');
        const current = pricingSettingsSchema.safeParse(stored?.value);
        const next = pricingSettingsSchema.parse({
          ...(current.success ? current.data : DEFAULT_PRICING_SETTINGS),
          ...patch,
        });
        const updatedAt = nextUpdatedAt(stored?.updatedAt, now);
        // The base stays the server's last version: the server applies only what differs from it.
        await db.proMeta.put({ key: 'settings', value: next, updatedAt, base: stored?.base });
        await db.proOutbox.add({ kind: 'settings', id: 'settings', updatedAt });
        return next;
      });
      changed();
      return saved;
    },

    /** Keeps the latest answers; a batch is one IndexedDB transaction, not one per CNK. */
    async storeOffers(records: readonly ProOfferRecord[]): Promise<void> {
      await db.proOffers.bulkPut([...records]);
    },

    async storedOffers(cnks: readonly string[]): Promise<Map<string, ProOfferRecord>> {
      const rows = await db.proOffers.bulkGet([...cnks]);
      return new Map(rows.flatMap((r) => (r ? [[r.cnk, r] as const] : [])));
    },

    /** What the device knows of `cnks` (the lines it last saw for them; a CNK with none is absent). */
    async knownLines(cnks: readonly string[]): Promise<Map<string, GroupLine>> {
      const rows = await indexedLines(db, cnks);
      return new Map(rows.flatMap((r) => (r ? [[r.cnk, r] as const] : [])));
    },

    /**
     * Records what is known of products (a field left out keeps its value, null clears it) in the lines
     * of every group holding them, queued for sync (docs/decisions/151), and in the device's index: a
     * purchase price, VAT or own name reaches the pharmacist's other devices and survives a logout.
     */
    async saveLines(updates: readonly GroupLineUpdate[], now = Date.now()): Promise<void> {
      if (updates.length === 0) return;
      const touched = await db.transaction('rw', db.proCatalogue, db.proGroups, db.proOutbox, () =>
        recordLines(updates, now),
      );
      if (touched > 0) changed();
    },
  };

  /**
   * Within a transaction: `updates` into every live group holding them but `except` (the group being
   * saved, which took them already), each queued once, and into the per-CNK index (line-index.ts).
   * Resolves to how many groups changed.
   */
  async function recordLines(updates: readonly GroupLineUpdate[], now: number, except?: string): Promise<number> {
    if (updates.length === 0) return 0;
    await indexLines(db, updates);
    const changes = byCnk(updates);
    let count = 0;
    for (const group of await db.proGroups.toArray()) {
      if (group.deleted || group.id === except || !group.cnks.some((c) => changes.has(c))) continue;
      const lines = toSyncedLines(
        groupLines(group).map((line) => {
          const update = changes.get(line.cnk);
          return update ? updatedLine(line, update) : line;
        }),
      );
      const updatedAt = nextUpdatedAt(group.updatedAt, now);
      await db.proGroups.put({ ...group, lines, updatedAt });
      await db.proOutbox.add({ kind: 'group', id: group.id, updatedAt });
      count += 1;
    }
    return count;
  }
}

const byCnk = (updates: readonly GroupLineUpdate[]) => new Map(updates.map((u) => [u.cnk, u]));
