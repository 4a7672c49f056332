import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import type { Db } from '../../../db/database';
import { createPharmaciesRepository } from '../pharmacies.repository';
import type { ImportDiff } from '../pharmacy-record';
import { parseOfficialList } from './official-list.parser';
import { parseOsmExport } from './osm.parser';
import type { ParseResult } from './parse-result';

export class ImportFileError extends Error {
  override name = 'ImportFileError';
}

/** Reads an import file: .xlsx/.xls/.csv is the FAGG/AFMPS list, .json/.geojson an OSM export. */
export function readImportFile(path: string): ParseResult {
  const ext = extname(path).toLowerCase();
  const bytes = readFileSync(path);
  if (['.xlsx', '.xls', '.csv'].includes(ext)) return parseOfficialList(bytes);
  if (['.json', '.geojson'].includes(ext)) {
    let json: unknown;
    try {
      json = JSON.parse(bytes.toString('utf8'));
    } catch {
      throw new ImportFileError(`${path} is not valid JSON.`);
    }
    const result = parseOsmExport(json);
    if (!result) throw new ImportFileError(`${path} is neither a GeoJSON FeatureCollection nor Overpass JSON.`);
    return result;
  }
  throw new ImportFileError(`${path}: expected .xlsx, .xls or .csv (FAGG/AFMPS list) or .json/.geojson (OSM).`);
}

export type ImportOutcome =
  | { status: 'imported'; diff: ImportDiff; total: number; skipped: ParseResult['bad'] }
  | { status: 'refused'; bad: ParseResult['bad'] };

/**
 * Replaces the table with the parsed pharmacies in one transaction. Any bad row refuses the whole
 * file (nothing changes) unless `skipBad` says to leave those rows out; an empty result never wipes
 * the table.
 */
export function applyImport(db: Db, parsed: ParseResult, options: { skipBad?: boolean; now: number }): ImportOutcome {
  if (parsed.bad.length > 0 && !options.skipBad) return { status: 'refused', bad: parsed.bad };
  if (parsed.records.length === 0) {
    return { status: 'refused', bad: [...parsed.bad, { row: 0, reason: 'no pharmacy in the file' }] };
  }
  const diff = createPharmaciesRepository(db).replaceAll(parsed.records, options.now);
  return { status: 'imported', diff, total: parsed.records.length, skipped: parsed.bad };
}
