// The import preview's catalogue flags (docs/decisions/161): rows whose CNK the
// official catalogue does not know, or knows as withdrawn, prescription-only, suspended or revoked.
// Pure: the facts come from the device's store, whatever the network.
import type { ImportRow } from '@pharmaradar/shared/import-table';
import type { OfficialExclusion, ProCatalogueFact } from '@pharmaradar/shared/pro-catalogue.schema';
import type { ProductKind } from '@pharmaradar/shared/vat-rule';

export type ImportFlagReason = 'unknown' | 'withdrawn' | OfficialExclusion;
export type ImportFlag = { line: number; cnk: string; reason: ImportFlagReason; official: string | null };

/**
 * `flags`: the rows to look at, in file order; `waiting`: rows the device has no facts for, checked once
 * online. A server without a catalogue (`absent`) flags nothing: the tool works as it did without one.
 * `kinds`: each CNK the catalogue was asked about, with its kind (null: it has none), which gives a
 * line without VAT its rate (docs/decisions/215); a CNK absent is not asked yet.
 */
export type CatalogueCheck = {
  flags: ImportFlag[];
  waiting: number;
  kinds: ReadonlyMap<string, ProductKind | null>;
};

type Fact = Pick<ProCatalogueFact, 'known' | 'exclusion' | 'official'> & { kind?: ProductKind | null };

/** Why a CNK is flagged, or null. An exclusion outranks "withdrawn": it is why the pack is never priced. */
export function flagOf(fact: Fact): ImportFlagReason | null {
  if (!fact.known) return 'unknown';
  if (fact.exclusion) return fact.exclusion;
  if (fact.official && !fact.official.marketed) return 'withdrawn';
  return null;
}

/** "Dafalgan 500 mg comp. 30": the pack's official name, else the product's name and its pack. */
export function officialTitle(official: Fact['official']): string | null {
  if (!official) return null;
  return official.packName ?? (official.pack ? `${official.name} (${official.pack})` : official.name);
}

export function catalogueFlags(
  rows: readonly Pick<ImportRow, 'line' | 'cnk'>[],
  facts: ReadonlyMap<string, Fact>,
  catalogue: 'present' | 'absent' | 'never',
): CatalogueCheck {
  // No catalogue on the server: no kind is known, and none will be until one is imported.
  if (catalogue === 'absent') return { flags: [], waiting: 0, kinds: new Map(rows.map((r) => [r.cnk, null])) };
  const flags: ImportFlag[] = [];
  const kinds = new Map<string, ProductKind | null>();
  let waiting = 0;
  for (const row of rows) {
    const fact = facts.get(row.cnk);
    if (!fact) {
      waiting += 1;
      continue;
    }
    // A fact kept before the server told kinds says nothing of the kind: asked again when online.
    if (fact.kind !== undefined) kinds.set(row.cnk, fact.kind);
    const reason = flagOf(fact);
    if (reason) flags.push({ line: row.line, cnk: row.cnk, reason, official: officialTitle(fact.official) });
  }
  return { flags, waiting, kinds };
}
