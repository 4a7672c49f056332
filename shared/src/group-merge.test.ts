import { describe, expect, it } from 'vitest';
import { mergeGroup } from './group-merge';

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
