import { describe, expect, it } from 'vitest';
import type { StoredGroupChange } from '@pharmaradar/shared/pro.schema';
import type { ProGroupRecord } from '../../../db/db';
import { changesFromOutbox, chunkChanges, nextUpdatedAt, planApply } from './sync-merge';

const ID_A = '6f1c7a52-3c1e-4d55-9a3b-1f2e3d4c5b6a';
const ID_B = '0b7d2f61-8e4a-4c3b-a2d1-9f8e7d6c5b4a';
const group = (
  id: string,
  updatedAt: number,
  name = 'Vitamins',
  extra: Partial<ProGroupRecord> = {},
): ProGroupRecord => ({
  id,
  name,
  description: '',
  cnks: ['4487039'],
  updatedAt,
  deleted: false,
  ...extra,
});
const remoteGroup = (id: string, updatedAt: number, name: string, seq = 1): StoredGroupChange => ({
  kind: 'group',
  id,
  updatedAt,
  deleted: false,
  data: { name, description: '', cnks: ['4487039'] },
  seq,
});
const SETTINGS = { minMarginPercent: 20, idealMarginPercent: 30, strategy: 'balanced' as const };

describe('changesFromOutbox', () => {
  it('sends each record once, as it is now, and accounts for every outbox entry', () => {
    const groups = new Map([[ID_A, group(ID_A, 300, 'Third name')]]);
    const batch = changesFromOutbox(
      [
        { seq: 1, kind: 'group', id: ID_A, updatedAt: 100 },
        { seq: 2, kind: 'group', id: ID_A, updatedAt: 300 },
        { seq: 3, kind: 'settings', id: 'settings', updatedAt: 250 },
      ],
      groups,
      { value: SETTINGS, updatedAt: 250 },
    );
    expect(batch.entrySeqs).toEqual([1, 2, 3]);
    expect(batch.changes).toEqual([
      {
        kind: 'group',
        id: ID_A,
        updatedAt: 300,
        deleted: false,
        data: { name: 'Third name', description: '', cnks: ['4487039'] },
      },
      { kind: 'settings', id: 'settings', updatedAt: 250, deleted: false, data: SETTINGS },
    ]);
  });

  it('sends a deleted group as a tombstone without its content', () => {
    const groups = new Map([[ID_A, group(ID_A, 500, 'Secret list', { deleted: true })]]);
    const batch = changesFromOutbox([{ seq: 4, kind: 'group', id: ID_A, updatedAt: 500 }], groups, undefined);
    expect(batch.changes).toEqual([{ kind: 'group', id: ID_A, updatedAt: 500, deleted: true, data: null }]);
  });

  it('drops entries whose record is gone or that the server would refuse, so they never block the sync', () => {
    const groups = new Map([[ID_B, group(ID_B, 10, '   ')]]);
    const batch = changesFromOutbox(
      [
        { seq: 5, kind: 'group', id: ID_A, updatedAt: 10 },
        { seq: 6, kind: 'group', id: ID_B, updatedAt: 10 },
      ],
      groups,
      undefined,
    );
    expect(batch).toEqual({ changes: [], entrySeqs: [5, 6] });
  });
});

describe('chunkChanges', () => {
  const tombstone = (i: number) =>
    ({
      kind: 'group',
      id: `${ID_A.slice(0, -4)}${String(i).padStart(4, '0')}`,
      updatedAt: i,
      deleted: true,
      data: null,
    }) as const;

  it('keeps each request within the change count and the body size', () => {
    const changes = Array.from({ length: 450 }, (_, i) => tombstone(i));
    expect(chunkChanges(changes).map((c) => c.length)).toEqual([200, 200, 50]);
    const big = Array.from({ length: 5 }, (_, i) => ({
      kind: 'group' as const,
      id: ID_A,
      updatedAt: i,
      deleted: false,
      data: { name: 'Big', description: '', cnks: Array.from({ length: 2000 }, (_, n) => String(1000000 + n)) },
    }));
    const chunks = chunkChanges(big);
    expect(chunks.map((c) => c.length)).toEqual([2, 2, 1]);
    for (const chunk of chunks) expect(JSON.stringify({ since: 0, changes: chunk }).length).toBeLessThan(64 * 1024);
  });

  it('makes no request body of nothing', () => {
    expect(chunkChanges([])).toEqual([]);
  });
});

describe('planApply', () => {
  it('takes a newer server record and keeps a newer local one (last writer wins)', () => {
    const local = new Map([
      [ID_A, group(ID_A, 100, 'Old')],
      [ID_B, group(ID_B, 900, 'Edited while the request was out')],
    ]);
    const plan = planApply([remoteGroup(ID_A, 200, 'New'), remoteGroup(ID_B, 800, 'Stale')], local, undefined);
    expect(plan.putGroups).toEqual([group(ID_A, 200, 'New')]);
    expect(plan.deleteGroups).toEqual([]);
  });

  it('on an exact tie takes the server record, as the server kept it, so devices converge', () => {
    const plan = planApply(
      [remoteGroup(ID_A, 100, 'Kept by the server')],
      new Map([[ID_A, group(ID_A, 100, 'Mine')]]),
      undefined,
    );
    expect(plan.putGroups.map((g) => g.name)).toEqual(['Kept by the server']);
  });

  it('applies nothing for the device’s own change coming back', () => {
    const plan = planApply([remoteGroup(ID_A, 100, 'Same')], new Map([[ID_A, group(ID_A, 100, 'Same')]]), {
      value: SETTINGS,
      updatedAt: 5,
    });
    expect(plan).toEqual({ putGroups: [], deleteGroups: [], settings: null });
  });

  it('deletes a group locally on a tombstone, unless the device changed it later', () => {
    const tombstone = (id: string, updatedAt: number): StoredGroupChange => ({
      kind: 'group',
      id,
      updatedAt,
      deleted: true,
      data: null,
      seq: 3,
    });
    const local = new Map([
      [ID_A, group(ID_A, 100)],
      [ID_B, group(ID_B, 700)],
    ]);
    const plan = planApply([tombstone(ID_A, 150), tombstone(ID_B, 600)], local, undefined);
    expect(plan.deleteGroups).toEqual([ID_A]);
    expect(plan.putGroups).toEqual([]);
  });

  it('takes newer settings and keeps the newest of a record listed twice', () => {
    const plan = planApply(
      [
        remoteGroup(ID_A, 300, 'Later', 9),
        remoteGroup(ID_A, 200, 'Earlier', 4),
        {
          kind: 'settings',
          id: 'settings',
          updatedAt: 50,
          deleted: false,
          data: { ...SETTINGS, strategy: 'aggressive' },
          seq: 5,
        },
      ],
      new Map(),
      { value: SETTINGS, updatedAt: 40 },
    );
    expect(plan.putGroups.map((g) => g.name)).toEqual(['Later']);
    expect(plan.settings).toEqual({ value: { ...SETTINGS, strategy: 'aggressive' }, updatedAt: 50 });
  });
});

describe('nextUpdatedAt', () => {
  it('is the clock, but always past the version the device knows', () => {
    expect(nextUpdatedAt(undefined, 1000)).toBe(1000);
    expect(nextUpdatedAt(900, 1000)).toBe(1000);
    expect(nextUpdatedAt(5000, 1000)).toBe(5001);
  });
});
