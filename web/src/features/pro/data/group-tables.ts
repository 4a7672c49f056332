// Groups, settings, stored offers and catalogue prices: what the screens read and write (ADR 142).
// A change meant for the other devices goes to the outbox in the same transaction, then `changed` runs.
import type { ProProductEvent } from '@pharmaradar/shared/pro.schema';
import { DEFAULT_PRICING_SETTINGS, pricingSettingsSchema, type PricingSettings } from '@pharmaradar/shared/pricing.schema';
import type { PharmaRadarDb, ProGroupRecord, ProOfferRecord } from '../../../db/db';
import { nextUpdatedAt } from '../sync/sync-merge';
import { catalogueRow, entryOf, updatedLine, withCatalogue } from './group-lines';
import type { CatalogueEntry, CatalogueUpdate } from './pro-records';

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
     * Saves a group change locally (a delete is `deleted: true`) and queues it for sync. Its lines are
     * kept, and a CNK new to it brings what the device knows of it (a VAT once known stays known).
     */
    async saveGroup(group: ProGroupRecord): Promise<void> {
      await db.transaction('rw', db.proGroups, db.proOutbox, db.proCatalogue, async () => {
        // Past the stored version even when this device's clock lags: the server must not drop it as older.
        const stored = await db.proGroups.get(group.id);
        const updatedAt = nextUpdatedAt(stored?.updatedAt, group.updatedAt);
        const known = group.deleted ? [] : await db.proCatalogue.bulkGet(group.cnks);
        const lines = withCatalogue(group.lines ?? stored?.lines, group.cnks, known);
        // The sync base stays what the device last had from the server: the push is merged against it.
        await db.proGroups.put({ ...group, lines, base: stored?.base ?? null, updatedAt });
        await db.proOutbox.add({ kind: 'group', id: group.id, updatedAt });
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

    /** The catalogue prices, VAT and own names known for `cnks` (those with none are absent). */
    async catalogueOf(cnks: readonly string[]): Promise<Map<string, CatalogueEntry>> {
      const rows = await db.proCatalogue.bulkGet([...cnks]);
      return new Map(rows.flatMap((r) => (r ? [[r.cnk, entryOf(r)] as const] : [])));
    },

    /**
     * Records what is known of products (a field left out keeps its value, null clears it), on this
     * device and in the lines of every group holding them, queued for sync (docs/decisions/151): a
     * purchase price, VAT or own name reaches the pharmacist's other devices and survives a logout.
     */
    async saveCatalogue(updates: readonly CatalogueUpdate[], now = Date.now()): Promise<void> {
      if (updates.length === 0) return;
      const touched = await db.transaction('rw', db.proCatalogue, db.proGroups, db.proOutbox, async () => {
        const cnks = updates.map((u) => u.cnk);
        const before = await db.proCatalogue.bulkGet(cnks);
        const rows = updates.map((u, i) => catalogueRow(before[i], u));
        await db.proCatalogue.bulkPut(rows);
        const byCnk = new Map(updates.map((u) => [u.cnk, u]));
        let count = 0;
        for (const group of await db.proGroups.toArray()) {
          if (group.deleted || !group.cnks.some((c) => byCnk.has(c))) continue;
          const lines = { ...group.lines };
          for (const cnk of group.cnks) {
            const update = byCnk.get(cnk);
            if (!update) continue;
            const line = updatedLine(lines[cnk], update);
            if (line) lines[cnk] = line;
            else delete lines[cnk];
          }
          const updatedAt = nextUpdatedAt(group.updatedAt, now);
          await db.proGroups.put({ ...group, lines, updatedAt });
          await db.proOutbox.add({ kind: 'group', id: group.id, updatedAt });
          count += 1;
        }
        return count;
      });
      if (touched > 0) changed();
    },
  };
}
