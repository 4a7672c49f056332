import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PharmaRadarDb, type ProGroupRecord } from '../../../db/db';
import { createProStore, type ProStore } from './pro-store';

// The per-CNK index is written only with the lines: what a saved line, a synced group or a product
// mode price says of a CNK, field by field; it never syncs and a group's rows never read it.
const USER = 7;
const ID = '6f1c7a52-3c1e-4d55-9a3b-1f2e3d4c5b6a';
let db: PharmaRadarDb;
let store: ProStore;
let count = 0;

const synced = (lines: ProGroupRecord['lines'], seq: number) => ({
  kind: 'group' as const,
  id: ID,
  updatedAt: seq,
  deleted: false,
  data: { name: 'Pijnstillers', description: '', cnks: ['1000001', '1000002'], lines },
  seq,
});

beforeEach(async () => {
  db = new PharmaRadarDb(`line-index-test-${(count += 1)}`);
  store = createProStore(db);
  await store.claim(USER);
});
afterEach(async () => {
  await db.delete();
});

describe('the per-CNK index of lines', () => {
  it('keeps a product mode price for a product in no group, and queues nothing', async () => {
    await store.saveLines([{ cnk: '1000009', purchaseExVat: 4.5, vatPercent: 6 }]);
    expect((await store.knownLines(['1000009'])).get('1000009')).toEqual({
      cnk: '1000009',
      name: null,
      purchaseExVat: 4.5,
      vatPercent: 6,
      vatSource: null,
    });
    expect(await store.pendingChanges()).toBe(0);
  });

  it('takes the fields a synced group carries and keeps the ones it lacks', async () => {
    await store.saveLines([{ cnk: '1000001', purchaseExVat: 7, vatPercent: 21, name: 'Mon nom' }]);
    const applied = await store.applyAnswer(
      USER,
      { seq: 1, more: false, notApplied: [], changes: [synced({ '1000001': { price: 6.5 }, '1000002': { vat: 6, vatFrom: 'catalogue-medicine' } }, 1)] },
      [],
    );
    expect(applied?.applied).toBe(1);
    const known = await store.knownLines(['1000001', '1000002', '1000003']);
    expect(known.get('1000001')).toEqual({
      cnk: '1000001',
      name: 'Mon nom',
      purchaseExVat: 6.5,
      vatPercent: 21,
      vatSource: null,
    });
    // Who decided a synced VAT comes along with it (docs/decisions/215).
    expect(known.get('1000002')).toEqual({
      cnk: '1000002',
      name: null,
      purchaseExVat: null,
      vatPercent: 6,
      vatSource: 'catalogue-medicine',
    });
    expect(known.has('1000003')).toBe(false);
  });

  it('is what a CNK new to a group brings, after which the group’s own line is what its rows show', async () => {
    await store.saveLines([{ cnk: '1000009', purchaseExVat: 4.5, vatPercent: 6 }]);
    const group: ProGroupRecord = { id: ID, name: 'Nieuw', description: '', cnks: ['1000009'], updatedAt: 1, deleted: false };
    await store.saveGroup(group);
    expect((await db.proGroups.get(ID))?.lines).toEqual({ '1000009': { price: 4.5, vat: 6 } });
  });
});
