// Groups, settings, stored offers and catalogue prices: what the screens read and write (ADR 142).
// A change meant for the other devices goes to the outbox in the same transaction, then `changed` runs.
import type { ProProductEvent } from '@pharmaradar/shared/pro.schema';
import { DEFAULT_PRICING_SETTINGS, pricingSettingsSchema, type PricingSettings } from '@pharmaradar/shared';
import type { PharmaRadarDb, ProGroupRecord, ProOfferRecord } from '../../../db/db';
import { nextUpdatedAt } from '../sync/sync-merge';
import type { CatalogueEntry } from './pro-records';

/** What a batch answer leaves on the device for one CNK (analysis offline works from these). */
export function offerRecord(event: ProProductEvent): ProOfferRecord {
  return {
    cnk: event.cnk,
    name: event.product?.name ?? null,
    status: event.status,
    offers: event.product?.offers.map((o) => o.price) ?? [],
    fetchedAt: event.fetchedAt,
    retailers: event.retailers.filter((r) => r.status === 'ok' || r.status === 'empty').map((r) => r.id),
  };
}

export function groupTables(db: PharmaRadarDb, changed: () => void) {
  return {
    async listGroups(): Promise<ProGroupRecord[]> {
      return (await db.proGroups.toArray()).filter((g) => !g.deleted).sort((a, b) => a.name.localeCompare(b.name));
    },

    /** Saves a group change locally (a delete is `deleted: true`) and queues it for sync. */
    async saveGroup(group: ProGroupRecord): Promise<void> {
      await db.transaction('rw', db.proGroups, db.proOutbox, async () => {
        // Past the stored version even when this device's clock lags: the server must not drop it as older.
        const stored = await db.proGroups.get(group.id);
        const updatedAt = nextUpdatedAt(stored?.updatedAt, group.updatedAt);
        // The sync base stays what the device last had from the server: the push is merged against it.
        await db.proGroups.put({ ...group, base: stored?.base ?? null, updatedAt });
        await db.proOutbox.add({ kind: 'group', id: group.id, updatedAt });
      });
      changed();
    },

    async loadSettings(): Promise<PricingSettings> {
      const stored = await db.proMeta.get('settings');
      const parsed = pricingSettingsSchema.safeParse(stored?.value);
      return parsed.success ? parsed.data : DEFAULT_PRICING_SETTINGS;
    },

    async saveSettings(settings: PricingSettings, now = Date.now()): Promise<void> {
      await db.transaction('rw', db.proMeta, db.proOutbox, async () => {
        const updatedAt = nextUpdatedAt((await db.proMeta.get('settings'))?.updatedAt, now);
        await db.proMeta.put({ key: 'settings', value: settings, updatedAt });
        await db.proOutbox.add({ kind: 'settings', id: 'settings', updatedAt });
      });
      changed();
    },

    /** Keeps the latest answers; a batch is one IndexedDB transaction, not one per CNK. */
    async storeOffers(records: readonly ProOfferRecord[]): Promise<void> {
      await db.proOffers.bulkPut([...records]);
    },

    async storedOffers(cnks: readonly string[]): Promise<Map<string, ProOfferRecord>> {
      const rows = await db.proOffers.bulkGet([...cnks]);
      return new Map(rows.flatMap((r) => (r ? [[r.cnk, r] as const] : [])));
    },

    /** The catalogue prices typed or imported for `cnks` (those with none are absent). */
    async catalogueOf(cnks: readonly string[]): Promise<Map<string, CatalogueEntry>> {
      const rows = await db.proCatalogue.bulkGet([...cnks]);
      return new Map(
        rows.flatMap((r) => (r ? [[r.cnk, { price: r.cataloguePriceExVat, vat: r.vatPercent }] as const] : [])),
      );
    },

    async saveCatalogue(entries: readonly (CatalogueEntry & { cnk: string })[]): Promise<void> {
      await db.proCatalogue.bulkPut(
        entries.map((e) => ({ cnk: e.cnk, cataloguePriceExVat: e.price, vatPercent: e.vat })),
      );
    },
  };
}
