import { Dexie, type Table } from 'dexie';
import type { PricingSettings } from '@pharmaradar/shared/pricing.schema';
import type { Locale } from '@pharmaradar/shared/locales';
import type { QueryKind, SearchResult } from '@pharmaradar/shared/search.schema';
import type { GroupBase, GroupLines } from '@pharmaradar/shared/group-sync.schema';
import type { OfficialExclusion, ProOfficial } from '@pharmaradar/shared/pro-catalogue.schema';
import type { GroupLine } from '@pharmaradar/shared/group-line';
import type { ProductKind } from '@pharmaradar/shared/vat-rule';
import { DB_NAME } from './db-name';
import { upgradeProLines } from './pro-lines-upgrade';
import { upgradeVatSources } from './vat-source-upgrade';

/** The last final result of one search, kept so it can be shown offline (docs/architecture.md#offline-first-and-sync). */
export interface SavedSearch {
  /**
   * The primary key: the interface language and the normalised query (`savedSearchKey`), so a search
   * saved in one language is not shown to a user of another (docs/decisions/164).
   */
  query: string;
  /** The interface language the search was made in. Entries from before version 6 were French. */
  lang: Locale;
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

/** A Pro group (docs/architecture.md#offline-first-and-sync): client-made UUID, last-writer-wins by updatedAt, kept as a tombstone when deleted. */
export interface ProGroupRecord {
  id: string;
  name: string;
  description: string;
  cnks: string[];
  updatedAt: number;
  deleted: boolean;
  /**
   * The server version this record was last in step with (group sync, docs/decisions/132): sent with
   * the next push so the server merges against it. Absent on a group made here and not yet synced, and
   * on records stored before it existed. Not indexed: no schema step needed.
   */
  base?: GroupBase | null;
  /**
   * Each line's purchase price, VAT and the pharmacist's own name, in the sync format
   * (docs/decisions/151): the truth of what the group's rows show, read as `GroupLine`s through
   * `groupLines` (docs/decisions/191). Absent on records stored before it existed. Not indexed.
   */
  lines?: GroupLines;
}

/** The last batch answer for one CNK, so a group can be analysed offline from stored offers. */
export interface ProOfferRecord {
  cnk: string;
  name: string | null;
  status: 'found' | 'not_found' | 'error' | 'invalid_cnk' | 'excluded';
  offers: number[];
  fetchedAt: string;
  /**
   * The shops that answered for this CNK (ids), named in the export's "prices read at" line. Absent on
   * records stored before it existed. Not indexed: no schema step needed.
   */
  retailers?: string[];
  /** Status `excluded`: why the official catalogue keeps it out of the market prices. Not indexed. */
  exclusion?: OfficialExclusion;
  /** The official name and pack the answer carried (docs/decisions/161). Not indexed. */
  official?: ProOfficial;
}

/**
 * What the official catalogue said of one CNK when last asked (POST /api/pro/catalogue), kept so an
 * import is flagged offline too (docs/decisions/161). `known` false: the catalogue does not have it.
 */
export interface ProOfficialRecord {
  cnk: string;
  known: boolean;
  /**
   * Medicine or non-medicinal product (docs/decisions/215), null when the catalogue does not know it;
   * absent on a row kept before the server told kinds: asked again, meanwhile the kind is not known.
   */
  kind?: ProductKind | null;
  exclusion: OfficialExclusion | null;
  official: ProOfficial | null;
  /** The catalogue export it was read from (its version, null when unnumbered). */
  catalogueVersion: string | null;
  /** When it was asked (ms since epoch). */
  checkedAt: number;
}

/** A change not yet accepted by POST /api/groups/sync (made offline, or the sync failed). */
export interface ProOutboxEntry {
  seq?: number;
  kind: 'group' | 'settings';
  id: string;
  updatedAt: number;
}

/** One product in the basket with the prices it had when last seen (ADR 113). */
export interface BasketItemRecord {
  /** The product's 7-digit CNK: the primary key. */
  cnk: string;
  name: string;
  image: string | null;
  slug: string | null;
  quantity: number;
  /** The price of one pack at each retailer that sold it, and its link. */
  offers: { retailer: string; price: number; url: string | null; inStock?: boolean | null }[];
  /** When those prices were fetched (ISO 8601): the basket shows their age. */
  fetchedAt: string;
  addedAt: number;
}

/** One product of a finished group analysis, as the report compares it (docs/architecture.md#settled-choices "reports"). */
export interface ProReportRow {
  cnk: string;
  name: string | null;
  /** The lowest market offer and the reference R the sell price follows (null: no price). */
  lowestOffer: number | null;
  marketReference: number | null;
  recommendedPurchaseExVat: number | null;
  sellPriceInclVat: number | null;
  /** Margin at the catalogue price, a fraction (null without a catalogue or market price). */
  marginRatio: number | null;
  status: 'priced' | 'no_price' | 'not_found' | 'retailer_error' | 'invalid_cnk' | 'no_stored_price' | 'excluded';
}

/** A finished analysis of a group, kept on this device (the last 20 per group) for its report. */
export interface ProReportRecord {
  id: string;
  groupId: string;
  /** When the analysis finished (ms since epoch). */
  analysedAt: number;
  settings: PricingSettings;
  rows: ProReportRow[];
}

export { DB_NAME };

/** A saved search's primary key: one entry per interface language and normalised query. */
export function savedSearchKey(lang: Locale, query: string): string {
  return `${lang}|${query}`;
}

export class PharmaRadarDb extends Dexie {
  searches!: Table<SavedSearch, string>;
  proGroups!: Table<ProGroupRecord, string>;
  /**
   * Key-value records of the Pro tool: 'settings' and 'syncSeq'. The settings keep `base`, the version
   * last had from the server, against which a change is merged per field (docs/decisions/151).
   */
  proMeta!: Table<{ key: string; value: unknown; updatedAt: number; base?: unknown }, string>;
  proOffers!: Table<ProOfferRecord, string>;
  /**
   * The last line this device saw for each CNK (typed, imported, or synced with a group): what a CNK
   * new to a group brings and what product mode shows. Written only with the groups' lines
   * (features/pro/data/line-index.ts), in their shape since version 8; never read to draw a group's
   * rows (docs/decisions/191, 201).
   */
  proCatalogue!: Table<GroupLine, string>;
  proOutbox!: Table<ProOutboxEntry, number>;
  basket!: Table<BasketItemRecord, string>;
  /** Key-value records of the basket: 'shipping' (the last GET /api/retailers/shipping/ answer). */
  basketMeta!: Table<{ key: string; value: unknown; savedAt: number }, string>;
  proReports!: Table<ProReportRecord, string>;
  /** The official catalogue's facts per CNK (docs/decisions/161); proMeta 'officialCatalogue' says whether there is one. */
  proOfficial!: Table<ProOfficialRecord, string>;

  constructor(name: string = DB_NAME) {
    super(name);
    // Schema steps are append-only: a change is a new version(n) below, never an edit of a past one.
    this.version(1).stores({ searches: 'query, savedAt' });
    // The Pro tool (docs/architecture.md#offline-first-and-sync): groups, settings, catalogue prices, last offers, sync outbox.
    this.version(2).stores({
      proGroups: 'id, updatedAt',
      proMeta: 'key',
      proOffers: 'cnk',
      proCatalogue: 'cnk',
      proOutbox: '++seq, [kind+id]',
    });
    // The basket (ADR 113): products with their last prices, and the shops' shipping terms.
    this.version(3).stores({ basket: 'cnk, addedAt', basketMeta: 'key' });
    // Group analysis reports (docs/architecture.md#settled-choices): per-device snapshots, listed by group in date order.
    this.version(5).stores({ proReports: 'id, [groupId+analysedAt]' });
    // The official catalogue's facts per CNK, so an import is flagged offline too (docs/decisions/161).
    this.version(6).stores({ proOfficial: 'cnk' });
    // Saved searches per interface language (docs/decisions/164). A primary key cannot change in place:
    // the entries are rewritten under language-qualified keys, as French (every shop was asked in
    // French before ADR 148, and the interface language was not recorded).
    this.version(7)
      .stores({ searches: 'query, savedAt, [lang+savedAt]' })
      .upgrade(async (tx) => {
        const table = tx.table<SavedSearch, string>('searches');
        const old = await table.toArray();
        await table.clear();
        await table.bulkPut(old.map((entry) => ({ ...entry, lang: 'fr', query: savedSearchKey('fr', entry.query) })));
      });
    // A group line is one shape (docs/decisions/191): the per-CNK rows take it, and the groups' lines
    // take once what a render used to merge in from them.
    this.version(8)
      .stores({})
      .upgrade((tx) => upgradeProLines(tx));
    // Each line says where its VAT came from (docs/decisions/215): a VAT stored before is kept, its
    // source unknown; nothing else changes and nothing is queued.
    this.version(9)
      .stores({})
      .upgrade((tx) => upgradeVatSources(tx));
  }
}

export const db = new PharmaRadarDb();
