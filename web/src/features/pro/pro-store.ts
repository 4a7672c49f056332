// The Pro tool's local data (DESIGN §7): everything lives in IndexedDB so analysis works offline.
import type { ProProductEvent } from '@pharmaradar/shared/pro.schema';
import { DEFAULT_PRICING_SETTINGS, pricingSettingsSchema, type PricingSettings } from '@pharmaradar/shared';
import { db, type ProGroupRecord, type ProOfferRecord } from '../../db/db';
import { notifyProChange } from './sync/sync-controller';
import { nextUpdatedAt } from './sync/sync-merge';

export async function listGroups(): Promise<ProGroupRecord[]> {
  return (await db.proGroups.toArray()).filter((g) => !g.deleted).sort((a, b) => a.name.localeCompare(b.name));
}

/** Saves a group change locally (a delete is `deleted: true`) and queues it for sync. */
export async function saveGroup(group: ProGroupRecord): Promise<void> {
  await db.transaction('rw', db.proGroups, db.proOutbox, async () => {
    // Past the stored version even when this device's clock lags: the server must not drop it as older.
    const stored = await db.proGroups.get(group.id);
    const updatedAt = nextUpdatedAt(stored?.updatedAt, group.updatedAt);
    // The sync base stays what the device last had from the server: the push is merged against it.
    await db.proGroups.put({ ...group, base: stored?.base ?? null, updatedAt });
    await db.proOutbox.add({ kind: 'group', id: group.id, updatedAt });
  });
  notifyProChange();
}

export async function loadSettings(): Promise<PricingSettings> {
  const stored = await db.proMeta.get('settings');
  const parsed = pricingSettingsSchema.safeParse(stored?.value);
  return parsed.success ? parsed.data : DEFAULT_PRICING_SETTINGS;
}

export async function saveSettings(settings: PricingSettings, now = Date.now()): Promise<void> {
  await db.transaction('rw', db.proMeta, db.proOutbox, async () => {
    const updatedAt = nextUpdatedAt((await db.proMeta.get('settings'))?.updatedAt, now);
    await db.proMeta.put({ key: 'settings', value: settings, updatedAt });
    await db.proOutbox.add({ kind: 'settings', id: 'settings', updatedAt });
  });
  notifyProChange();
}

export function offerRecord(event: ProProductEvent): ProOfferRecord {
  return {
    cnk: event.cnk,
    name: event.product?.name ?? null,
    status: event.status,
    offers: event.product?.offers.map((o) => o.price) ?? [],
    fetchedAt: event.fetchedAt,
  };
}

export async function storeOffers(record: ProOfferRecord): Promise<void> {
  await db.proOffers.put(record);
}

export async function storedOffers(cnks: readonly string[]): Promise<Map<string, ProOfferRecord>> {
  const rows = await db.proOffers.bulkGet([...cnks]);
  return new Map(rows.flatMap((r) => (r ? [[r.cnk, r] as const] : [])));
}
