import { describe, expect, it } from 'vitest';
import { parseSearchEvent } from './search.schema';

describe('search stage events', () => {
  it("carry the demo flag on 'launching', which is required there", () => {
    expect(parseSearchEvent('stage', '{"stage":"launching","demo":true}')).toEqual({
      event: 'stage',
      data: { stage: 'launching', demo: true },
    });
    expect(parseSearchEvent('stage', '{"stage":"launching","demo":false}')?.data).toEqual({
      stage: 'launching',
      demo: false,
    });
    expect(parseSearchEvent('stage', '{"stage":"launching"}')).toBeNull();
  });

  it('accept the other stages without it, and refuse unknown stages', () => {
    for (const stage of ['first_results', 'deep_analysis', 'complete'])
      expect(parseSearchEvent('stage', JSON.stringify({ stage }))?.data).toEqual({ stage });
    expect(parseSearchEvent('stage', '{"stage":"warming_up"}')).toBeNull();
  });
});
