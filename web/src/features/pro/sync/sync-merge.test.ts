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
        base: null,
      },
      // No server version seen yet: the edit started from the defaults the form showed (ADR 151).
      { kind: 'settings', id: 'settings', updatedAt: 250, deleted: false, data: SETTINGS, base: SETTINGS },
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
  const base = (seq: number, name = 'Vitamins', cnks = ['4487039']) => ({ seq, name, description: '', cnks });
  const pendingGroups = (...ids: string[]) => ({ groups: new Set(ids), settings: false });

  it("takes the server's version of a record with nothing to send, and rebases one with an edit to send", () => {
    const local = new Map([
      [ID_A, group(ID_A, 100, 'Old', { base: base(1, 'Old') })],
      [ID_B, group(ID_B, 900, 'Edited while the request was out', { cnks: ['4487039', '2222229'], base: base(1) })],
    ]);
    const remoteB: StoredGroupChange = {
      kind: 'group',
      id: ID_B,
      updatedAt: 800,
      deleted: false,
      data: { name: 'Vitamins', description: '', cnks: ['4487039', '3333338'] },
      seq: 2,
    };
    const plan = planApply([remoteGroup(ID_A, 200, 'New', 2), remoteB], local, undefined, pendingGroups(ID_B));
    expect(plan.putGroups).toEqual([
      group(ID_A, 200, 'New', { base: base(2, 'New') }),
      // Both sides' CNKs, this device's name, and the server's version as the next push's base.
      group(ID_B, 900, 'Edited while the request was out', {
        cnks: ['4487039', '3333338', '2222229'],
        base: base(2, 'Vitamins', ['4487039', '3333338']),
      }),
    ]);
    expect(plan.deleteGroups).toEqual([]);
  });

  it("orders by the server's sequence, never by the devices' clocks", () => {
    const plan = planApply(
      [remoteGroup(ID_A, 100, 'Stored later by the server', 5)],
      new Map([[ID_A, group(ID_A, 900, 'Mine, from a fast clock', { base: base(4, 'Mine, from a fast clock') })]]),
      undefined,
    );
    expect(plan.putGroups.map((g) => g.name)).toEqual(['Stored later by the server']);
  });

  it('applies nothing for a version the device is already based on', () => {
    const plan = planApply(
      [
        remoteGroup(ID_A, 100, 'Same', 3),
        { kind: 'settings', id: 'settings', updatedAt: 9, deleted: false, data: SETTINGS, seq: 4 },
      ],
      new Map([[ID_A, group(ID_A, 100, 'Same', { base: base(3, 'Same') })]]),
      { value: SETTINGS, updatedAt: 5, base: SETTINGS },
    );
    expect(plan).toEqual({ putGroups: [], deleteGroups: [], settings: null, discarded: [] });
  });

  it('deletes a group locally on a tombstone, and reports an unsent edit it threw away', () => {
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
      [ID_B, group(ID_B, 700, 'Edited here')],
    ]);
    const plan = planApply([tombstone(ID_A, 150), tombstone(ID_B, 600)], local, undefined, pendingGroups(ID_B));
    expect(plan.deleteGroups).toEqual([ID_A, ID_B]);
    expect(plan.discarded.map((g) => g.name)).toEqual(['Edited here']);
    expect(plan.putGroups).toEqual([]);
  });

  it('takes new settings unless the device has its own to send, and the latest seq of a record listed twice', () => {
    const remote: StoredGroupChange[] = [
      remoteGroup(ID_A, 200, 'Later', 9),
      remoteGroup(ID_A, 300, 'Earlier', 4),
      {
        kind: 'settings',
        id: 'settings',
        updatedAt: 50,
        deleted: false,
        data: { ...SETTINGS, strategy: 'aggressive' },
        seq: 5,
      },
    ];
    const plan = planApply(remote, new Map(), { value: SETTINGS, updatedAt: 40 });
    expect(plan.putGroups.map((g) => g.name)).toEqual(['Later']);
    const theirs = { ...SETTINGS, strategy: 'aggressive' };
    // The server's version becomes the base of the next edit (docs/decisions/151).
    expect(plan.settings).toEqual({ value: theirs, updatedAt: 50, base: theirs });
    // A minimum changed here and still to send is kept, rebased on the strategy changed elsewhere.
    const mine = { value: { ...SETTINGS, minMarginPercent: 25 }, updatedAt: 40, base: SETTINGS };
    expect(planApply(remote, new Map(), mine, { groups: new Set(), settings: true }).settings).toEqual({
      value: { ...theirs, minMarginPercent: 25 },
      updatedAt: 50,
      base: theirs,
    });
  });
});

describe('group lines on the device (docs/decisions/151)', () => {
  it('sends the lines with the group and its base, and rebases an unsent line edit on the lines synced meanwhile', () => {
    const lines = { '4487039': { vat: 21, price: 4.1, name: 'Own name' } };
    const base = { seq: 3, name: 'Vitamins', description: '', cnks: ['4487039'], lines: { '4487039': { vat: 6 } } };
    const local = group(ID_A, 100, 'Vitamins', { lines, base });
    const batch = changesFromOutbox(
      [{ seq: 1, kind: 'group', id: ID_A, updatedAt: 100 }],
      new Map([[ID_A, local]]),
      undefined,
    );
    expect(batch.changes[0]).toMatchObject({ data: { lines }, base });
    const remoteLines = { '4487039': { vat: 6, price: 3.9 } };
    const remote: StoredGroupChange = {
      kind: 'group',
      id: ID_A,
      updatedAt: 200,
      deleted: false,
      data: { name: 'Vitamins', description: '', cnks: ['4487039'], lines: remoteLines },
      seq: 4,
    };
    const plan = planApply([remote], new Map([[ID_A, local]]), undefined, { groups: new Set([ID_A]), settings: false });
    // This device's VAT, price and name are still to send: the later write, they stay over the price set elsewhere.
    expect(plan.putGroups[0]?.lines).toEqual({ '4487039': { vat: 21, price: 4.1, name: 'Own name' } });
    expect(planApply([remote], new Map(), undefined).putGroups[0]?.lines).toEqual(remoteLines);
  });
});

describe('nextUpdatedAt', () => {
  it('is the clock, but always past the version the device knows', () => {
    expect(nextUpdatedAt(undefined, 1000)).toBe(1000);
    expect(nextUpdatedAt(900, 1000)).toBe(1000);
    expect(nextUpdatedAt(5000, 1000)).toBe(5001);
  });
});
