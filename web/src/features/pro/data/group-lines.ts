// A group's lines as the device keeps them: the group record carries them in the sync format (keyed by
// CNK, known fields only), the screens read them as `GroupLine`s, one per CNK (docs/decisions/191).
// Pure functions over one group record.
import { keptLines } from '@pharmaradar/shared/group-merge';
import {
  emptyLine,
  fromSyncedLine,
  fromSyncedLines,
  toSyncedLines,
  updatedLine,
  type GroupLine,
  type GroupLineUpdate,
} from '@pharmaradar/shared/group-line';
import type { ProGroupRecord } from './pro-records';

/** The group's lines, one per CNK in its order: what its rows, report and export price from. */
export const groupLines = (group: Pick<ProGroupRecord, 'cnks' | 'lines'>): GroupLine[] =>
  fromSyncedLines(group.cnks, group.lines);

/**
 * The lines a group saved by a screen keeps: a CNK with a line keeps it, a CNK new to the group brings
 * what the device knows of it (`known`, in the order of `cnks`), then `updates` apply.
 */
export function savedLines(
  group: Pick<ProGroupRecord, 'cnks' | 'lines'>,
  known: readonly (GroupLine | undefined)[],
  updates: ReadonlyMap<string, GroupLineUpdate>,
): ProGroupRecord['lines'] {
  return toSyncedLines(
    group.cnks.map((cnk, i) => {
      const synced = group.lines?.[cnk];
      const line = synced ? fromSyncedLine(cnk, synced) : (known[i] ?? emptyLine(cnk));
      const update = updates.get(cnk);
      return update ? updatedLine(line, update) : line;
    }),
  );
}

/** The lines of a deleted group: those of its CNKs, as they were. */
export const tombstoneLines = (group: Pick<ProGroupRecord, 'cnks' | 'lines'>) => keptLines(group.lines, group.cnks);
