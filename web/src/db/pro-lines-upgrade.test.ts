import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { fromSyncedLines } from '@pharmaradar/shared/group-line';
import { PharmaRadarDb } from './db';
import { STORES_V7_V8 } from './past-stores.test-support';

// Version 8: a database filled by version 7 keeps every purchase price, VAT and own name, the
// per-CNK rows in the group line's shape, and each group's lines show what a row showed before
// (the line's field, else what the device knew of the CNK). Version 9 then adds each row's VAT source,
// unknown for all of them (vat-source-upgrade.test.ts).
const NAME = 'pro-lines-upgrade-test';
const ID_A = '6f1c7a52-3c1e-4d55-9a3b-1f2e3d4c5b6a';
const ID_B = '0b7d2f61-8e4a-4c3b-a2d1-9f8e7d6c5b4a';
const ID_GONE = 'c3d4e5f6-a7b8-4c9d-8e0f-112233445566';

async function fillVersion7() {
  const old = new Dexie(NAME);
  old.version(7).stores(STORES_V7_V8);
  await old.open();
  await old.table('proCatalogue').bulkPut([
    { cnk: '1000001', cataloguePriceExVat: 6.5, vatPercent: 6, name: 'Dafalgan (mon nom)' },
    { cnk: '1000002', cataloguePriceExVat: 3, vatPercent: 21 },
    // Typed in product mode, in no group.
    { cnk: '1000009', cataloguePriceExVat: 9.9, vatPercent: 6, name: null },
    { cnk: '1000003', cataloguePriceExVat: null, vatPercent: null, name: null },
  ]);
  await old.table('proGroups').bulkPut([
    // The line has its own VAT (kept) and no price (the device's comes in).
    {
      id: ID_A,
      name: 'A',
      description: '',
      cnks: ['1000001', '1000002', '1000003'],
      updatedAt: 10,
      deleted: false,
      lines: { '1000001': { vat: 21 } },
    },
    // Every field the device knows is already in the lines: nothing to queue.
    {
      id: ID_B,
      name: 'B',
      description: '',
      cnks: ['1000002'],
      updatedAt: 10,
      deleted: false,
      lines: { '1000002': { price: 3, vat: 21 } },
    },
    { id: ID_GONE, name: 'Gone', description: '', cnks: ['1000001'], updatedAt: 10, deleted: true },
  ]);
  old.close();
}

afterEach(() => Dexie.delete(NAME));

describe('database version 8: one line shape', () => {
  it('moves every purchase price, VAT and name to the line shape, and into the groups that showed them', async () => {
    await fillVersion7();
    const db = new PharmaRadarDb(NAME);
    await db.open();

    expect(await db.proCatalogue.orderBy('cnk').toArray()).toEqual([
      { cnk: '1000001', name: 'Dafalgan (mon nom)', purchaseExVat: 6.5, vatPercent: 6, vatSource: null },
      { cnk: '1000002', name: null, purchaseExVat: 3, vatPercent: 21, vatSource: null },
      { cnk: '1000003', name: null, purchaseExVat: null, vatPercent: null, vatSource: null },
      { cnk: '1000009', name: null, purchaseExVat: 9.9, vatPercent: 6, vatSource: null },
    ]);
    const a = (await db.proGroups.get(ID_A))!;
    expect(fromSyncedLines(a.cnks, a.lines)).toEqual([
      { cnk: '1000001', name: 'Dafalgan (mon nom)', purchaseExVat: 6.5, vatPercent: 21, vatSource: null },
      { cnk: '1000002', name: null, purchaseExVat: 3, vatPercent: 21, vatSource: null },
      { cnk: '1000003', name: null, purchaseExVat: null, vatPercent: null, vatSource: null },
    ]);
    expect(a.updatedAt).toBeGreaterThan(10);
    expect((await db.proGroups.get(ID_B))!.updatedAt).toBe(10);
    expect((await db.proGroups.get(ID_GONE))!.lines).toBeUndefined();
    // The lines now carry what only this device knew: they go to the other devices once.
    expect((await db.proOutbox.toArray()).map((e) => [e.kind, e.id])).toEqual([['group', ID_A]]);
    db.close();
  });
});
