import { describe, expect, it } from 'vitest';
import { createStageRule } from './search-stages';

const some = { offers: 2 };
const none = { offers: 0 };

describe('search stage rule', () => {
  it('announces first results with the first offers, then deep analysis at the next answer', () => {
    const rule = createStageRule();
    expect(rule.answered([some], 2)).toEqual(['first_results']);
    expect(rule.answered([some], 1)).toEqual(['deep_analysis']);
    expect(rule.answered([none], 0)).toEqual([]);
  });

  it('waits for a retailer that has offers before announcing first results', () => {
    const rule = createStageRule();
    expect(rule.answered([none], 2)).toEqual([]);
    expect(rule.answered([some], 1)).toEqual(['first_results']);
    expect(rule.answered([some], 0)).toEqual([]);
  });

  it('skips deep analysis when every remaining retailer answers at once', () => {
    const rule = createStageRule();
    expect(rule.answered([some], 2)).toEqual(['first_results']);
    expect(rule.answered([none, some], 0)).toEqual([]);
  });

  it('counts answers arriving with the first offers as part of that moment', () => {
    const rule = createStageRule();
    expect(rule.answered([none, some], 1)).toEqual(['first_results']);
    expect(rule.answered([some], 0)).toEqual([]);
  });

  it('announces deep analysis once, and nothing when no retailer has offers', () => {
    const rule = createStageRule();
    expect(rule.answered([some], 3)).toEqual(['first_results']);
    expect(rule.answered([none], 2)).toEqual(['deep_analysis']);
    expect(rule.answered([some], 1)).toEqual([]);
    const empty = createStageRule();
    expect(empty.answered([none], 1)).toEqual([]);
    expect(empty.answered([none], 0)).toEqual([]);
  });
});
