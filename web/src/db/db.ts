import { Dexie, type Table } from 'dexie';
import type { QueryKind, SearchResult } from '@pharmaradar/shared/search.schema';

/** The last final result of one search, kept so it can be shown offline (DESIGN §7). */
export interface SavedSearch {
  /** Normalised query (7-digit CNK or folded name): the primary key. */
  query: string;
  kind: QueryKind;
  /** The query as the user typed it: what a recent search searches again. */
  label: string;
  /**
   * What the recent-searches list shows when the label alone says little: the product's name for a CNK
   * search. Absent from entries saved by older versions (no schema step needed: it is not indexed).
   */
  title?: string;
  result: SearchResult;
  /** When the prices were fetched (the result's own fetchedAt, ISO 8601). */
  fetchedAt: string;
  /** When this browser stored it (ms since epoch): drives the "most recent 50" pruning. */
  savedAt: number;
}

export const DB_NAME = 'pharmaradar';

export class PharmaRadarDb extends Dexie {
  searches!: Table<SavedSearch, string>;

  constructor(name: string = DB_NAME) {
    super(name);
    // Schema steps are append-only: a change is a new version(n) below, never an edit of a past one.
    // Planned: groups, settings and an outbox for the Pro tool (DESIGN §7).
    this.version(1).stores({ searches: 'query, savedAt' });
  }
}

export const db = new PharmaRadarDb();
