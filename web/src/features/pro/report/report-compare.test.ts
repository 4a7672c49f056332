import { describe, expect, it } from 'vitest';
import { compareReports } from './report-compare';
import { reportRow } from './report.test-support';

describe('compareReports', () => {
  it('classifies price moves to the cent and counts them', () => {
    const before = [
      reportRow('1000001', 10, 12, 0.3),
      reportRow('1000002', 5, 6, 0.2),
      reportRow('1000003', 8, 9, 0.25),
      reportRow('1000004', null, null, null),
      reportRow('1000005', 7, 8, 0.1),
      reportRow('1000006', 3, 4, 0.1),
    ];
    const after = [
      reportRow('1000001', 10.5, 12, 0.3), // up 0.50
      reportRow('1000002', 4.99, 6, 0.2), // down 0.01
      reportRow('1000003', 8.001, 9, 0.25), // same to the cent
      reportRow('1000004', 11, 13, null), // a price appears
      reportRow('1000005', null, null, null), // its price is gone
      reportRow('1000007', 2, 3, 0.4), // new in the group
    ];
    const { lines, summary } = compareReports(before, after);
    expect(summary).toEqual({ up: 1, down: 1, same: 1, new: 2, gone: 2, marginUp: 0, marginDown: 0 });
    expect(lines.map((l) => [l.cnk, l.price])).toEqual([
      ['1000001', 'up'],
      ['1000002', 'down'],
      ['1000004', 'new'],
      ['1000005', 'gone'],
      ['1000007', 'new'],
      ['1000006', 'gone'], // left the group: after the latest's rows
    ]);
    expect(lines[0]).toMatchObject({ lowestBefore: 10, lowestAfter: 10.5, sellBefore: 12, sellAfter: 12 });
    expect(lines[5]).toMatchObject({ lowestBefore: 3, lowestAfter: null, name: 'P1000006' });
  });

  it('lists a margin change at an unchanged price (a new strategy), to 0.01 %', () => {
    const before = [
      reportRow('1000001', 10, 12.1, 0.2),
      reportRow('1000002', 5, 6, 0.3),
      reportRow('1000003', 5, 6, 0.3),
    ];
    const after = [
      reportRow('1000001', 10, 14.52, 0.3333),
      reportRow('1000002', 5, 6, 0.30004),
      reportRow('1000003', 5, 6, 0.25),
    ];
    const { lines, summary } = compareReports(before, after);
    expect(summary).toEqual({ up: 0, down: 0, same: 3, new: 0, gone: 0, marginUp: 1, marginDown: 1 });
    expect(lines.map((l) => [l.cnk, l.price, l.margin])).toEqual([
      ['1000001', 'same', 'up'],
      ['1000003', 'same', 'down'],
    ]);
    expect(lines[0]).toMatchObject({ marginBefore: 0.2, marginAfter: 0.3333, sellBefore: 12.1, sellAfter: 14.52 });
  });

  it('has nothing to list between two equal analyses, and no margin move without a catalogue price', () => {
    const rows = [reportRow('1000001', 10, 12, null), reportRow('1000002', null, null, null)];
    const { lines, summary } = compareReports(rows, rows);
    expect(lines).toEqual([]);
    expect(summary).toEqual({ up: 0, down: 0, same: 1, new: 0, gone: 0, marginUp: 0, marginDown: 0 });
    expect(compareReports([reportRow('1000001', 10, 12, null)], [reportRow('1000001', 10, 12, 0.3)]).lines).toEqual([]);
  });
});
