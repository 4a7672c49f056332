import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { fromSyncedLines } from '@pharmaradar/shared/group-line';
import { PharmaRadarDb } from './db';
import { STORES_V7_V8 } from './past-stores.test-support';

// Version 9 (docs/decisions/215): a database filled by version 8 keeps every VAT as it was, the file's
// or the pharmacist's, its source unknown ("kept from before"); a line without VAT stays without, to be
// filled from its kind once the catalogue is reached; nothing is queued for sync.
const NAME = 'vat-source-upgrade-test';
const ID = '6f1c7a52-3c1e-4d55-9a3b-1f2e3d4c5b6a';
const GROUP = {
  id: ID,
  name: 'Solaires',
  description: '',
  cnks: ['3334441', '0046128', '2222222'],
  updatedAt: 10,
  deleted: false,
  // A cosmetic the pharmacist set at 6 % (wrongly, perhaps, but theirs), a medicine at 6 %, one without.
  lines: { '3334441': { price: 15.2, vat: 6 }, '0046128': { vat: 6 }, '2222222': { price: 2 } },
};

afterEach(async () => {
  await Dexie.delete(NAME);
});

describe('Dexie version 9', () => {
  it('keeps each stored VAT with an unknown source, leaves lines without VAT without, queues nothing', async () => {
    const old = new Dexie(NAME);
    old.version(8).stores(STORES_V7_V8);
    await old.open();
    await old.table('proCatalogue').bulkPut([
      { cnk: '3334441', name: null, purchaseExVat: 15.2, vatPercent: 6 },
      { cnk: '2222222', name: 'Inconnu', purchaseExVat: 2, vatPercent: null },
    ]);
    await old.table('proGroups').put(GROUP);
    await old.table('proOfficial').put({
      cnk: '3334441',
      known: true,
      exclusion: null,
      official: null,
      catalogueVersion: '12035',
      checkedAt: 1,
    });
    old.close();

    const db = new PharmaRadarDb(NAME);
    await db.open();
    expect(db.verno).toBe(9);
    expect(await db.proCatalogue.toArray()).toEqual([
      { cnk: '2222222', name: 'Inconnu', purchaseExVat: 2, vatPercent: null, vatSource: null },
      { cnk: '3334441', name: null, purchaseExVat: 15.2, vatPercent: 6, vatSource: null },
    ]);
    const group = (await db.proGroups.get(ID))!;
    expect(group).toEqual(GROUP);
    expect(fromSyncedLines(group.cnks, group.lines).map((l) => [l.vatPercent, l.vatSource])).toEqual([
      [6, null],
      [6, null],
      [null, null],
    ]);
    // A fact kept before kinds were told has none: the kind is asked again when online.
    expect((await db.proOfficial.get('3334441'))!.kind).toBeUndefined();
    expect(await db.proOutbox.count()).toBe(0);
    db.close();
  });
});
