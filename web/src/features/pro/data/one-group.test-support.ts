import { vi } from 'vitest';
import { db, type ProGroupRecord } from '../../../db/db';

/**
 * The device as the online group-mode tests start it: online, no price stored, and `group` its only
 * group (no description and never synced unless the test says otherwise).
 */
export async function onlineWithOneGroup(
  group: Pick<ProGroupRecord, 'id' | 'name' | 'cnks'> & Partial<ProGroupRecord>,
): Promise<void> {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  await db.proGroups.clear();
  await db.proOffers.clear();
  await db.proGroups.put({ description: '', updatedAt: 1, deleted: false, ...group });
}
