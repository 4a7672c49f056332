import { describe, expect, it } from 'vitest';
import { mergeGroup, mergeSettings, sameContent } from './group-merge';

const g = (name: string, cnks: string[], description = '') => ({ name, description, cnks });

describe('mergeGroup', () => {
  it("keeps both sides' CNK additions and each side's removals", () => {
    const base = g('Shelf', ['1000001', '1000002', '1000003']);
    const mine = g('Shelf', ['1000001', '1000003', '1000004']); // removed 2, added 4
    const theirs = g('Shelf', ['1000001', '1000002', '1000003', '1000005']); // added 5
    expect(mergeGroup(base, mine, theirs)).toEqual({
      content: g('Shelf', ['1000001', '1000003', '1000005', '1000004']),
      conflicts: [],
    });
  });

  it('takes a rename made on one side only, and keeps theirs on a conflicting one (reported)', () => {
    const base = g('Shelf', ['1000001'], 'old');
    expect(mergeGroup(base, g('Winter', ['1000001'], 'old'), g('Shelf', ['1000001'], 'new')).content).toEqual(
      g('Winter', ['1000001'], 'new'),
    );
    expect(mergeGroup(base, g('Mine', ['1000001'], 'old'), g('Theirs', ['1000001'], 'old'))).toEqual({
      content: g('Theirs', ['1000001'], 'old'),
      conflicts: ['name'],
    });
  });

  it('is idempotent: merging an edit already in theirs changes nothing', () => {
    const base = g('Shelf', ['1000001']);
    const mine = g('Renamed', ['1000002']);
    expect(mergeGroup(base, mine, mine)).toEqual({ content: mine, conflicts: [] });
  });

  it('takes mine without a base', () => {
    expect(mergeGroup(null, g('Mine', ['1000001']), g('Theirs', []))).toEqual({
      content: g('Mine', ['1000001']),
      conflicts: [],
    });
  });
});

describe('lines and settings, per field (docs/decisions/151)', () => {
  const withLines = (lines: Record<string, { price?: number; vat?: number; name?: string }>) => ({
    ...g('Shelf', ['1000001', '1000002']),
    lines,
  });

  it("keeps the other side's lines, takes the fields mine changed, clears what mine cleared", () => {
    const base = withLines({ '1000001': { price: 5, vat: 6 }, '1000002': { name: 'Mine' } });
    const mine = withLines({ '1000001': { price: 5, vat: 21 }, '1000002': {} });
    const theirs = withLines({ '1000001': { price: 5.5, vat: 6 }, '1000002': { name: 'Mine', price: 3 } });
    expect(mergeGroup(base, mine, theirs).content.lines).toEqual({
      '1000001': { price: 5.5, vat: 21 },
      '1000002': { price: 3 },
    });
  });

  it('drops the lines of CNKs no longer in the group, and an older client (no lines) changes none', () => {
    const theirs = withLines({ '1000001': { vat: 21 }, '1000002': { vat: 6 } });
    expect(mergeGroup(null, g('Shelf', ['1000002']), theirs).content).toEqual({
      ...g('Shelf', ['1000002']),
      lines: { '1000002': { vat: 6 } },
    });
    expect(
      sameContent(withLines({ '1000001': { vat: 21, price: 2 } }), withLines({ '1000001': { price: 2, vat: 21 } })),
    ).toBe(true);
  });

  it('settings: the fields mine changed since the base, the rest from theirs; a mix breaking min ≤ ideal takes mine', () => {
    const s = (min: number, ideal: number, strategy: 'balanced' | 'aggressive') => ({
      minMarginPercent: min,
      idealMarginPercent: ideal,
      strategy,
    });
    expect(mergeSettings(s(20, 30, 'balanced'), s(20, 30, 'aggressive'), s(22, 33, 'balanced'))).toEqual(
      s(22, 33, 'aggressive'),
    );
    expect(mergeSettings(s(20, 30, 'balanced'), s(20, 24, 'balanced'), s(25, 28, 'balanced'))).toEqual(
      s(20, 24, 'balanced'),
    );
    expect(mergeSettings(undefined, s(20, 30, 'aggressive'), s(22, 33, 'balanced'))).toEqual(s(20, 30, 'aggressive'));
  });
});
