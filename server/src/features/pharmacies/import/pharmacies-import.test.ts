import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { openDatabase, type Db } from '../../../db/database';
import { migrate } from '../../../db/migrate';
import { applyImport, readImportFile } from './pharmacies-import';

const HEADER = [
  "N° d'autorisation / Toelatingsnummer",
  'Nom / Naam',
  'Adresse / Adres',
  'Code postal / Postcode',
  'Commune / Gemeente',
  'Statut / Status',
  'Titulaire / Titularis',
  'Exploitant / Uitbater',
  'X',
  'Y',
];
// Lambert 2008 positions of Brussels Grand-Place and Antwerp Groenplaats (metres east and north of
// the projection's false origin 649328, 665262 at 50.797815 N, 4.359216 E).
const BRUSSELS = [648_855, 670_700];
const ANTWERP = [652_240, 712_096];

type Row = Array<string | number>;
const pharmacy = (id: number, name: string, [x, y]: number[], status = ''): Row => [
  id,
  name,
  `Rue ${name} 1`,
  '1000',
  'Bruxelles',
  status,
  'Titulaire SRL (KBO-BCE : 0123.456.789)',
  'Idem',
  x!,
  y!,
];

describe('pharmacies import', () => {
  let dir: string;
  let db: Db;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pharmacies-import-'));
    db = openDatabase(join(dir, 'test.db'));
    migrate(db);
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A workbook in the official list's shape: title row, header, pharmacies, footer note. */
  function officialXlsx(rows: Row[], name = 'Lst_Pharmacies_pub_Extended.xlsx'): string {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Liste des pharmacies ouvertes au public / Lijst van de voor het publiek opengestelde apotheken'],
      HEADER,
      ...rows,
      ['(*) Suspension temporaire (update : 01-11-2026)'],
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Pharmacies');
    const path = join(dir, name);
    writeFileSync(path, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    return path;
  }

  const stored = () =>
    db.prepare('SELECT id, name, lat, lon, is_open, source FROM pharmacies ORDER BY id').all() as Array<{
      id: string;
      name: string;
      lat: number;
      lon: number;
      is_open: number;
      source: string;
    }>;

  it('imports the official spreadsheet, converting Lambert 2008 to WGS84 and keeping suspended ones closed', () => {
    const file = officialXlsx([
      pharmacy(101, 'Pharmacie du Centre', BRUSSELS),
      pharmacy(102, 'Apotheek Groenplaats', ANTWERP),
      pharmacy(103, 'Pharmacie Suspendue', BRUSSELS, 'Suspension temporaire'),
    ]);
    const outcome = applyImport(db, readImportFile(file), { now: 1 });
    expect(outcome).toMatchObject({ status: 'imported', total: 3, diff: { added: 3, removed: 0, changed: 0 } });
    const rows = stored();
    expect(rows.map((r) => [r.id, r.is_open])).toEqual([
      ['fagg:101', 1],
      ['fagg:102', 1],
      ['fagg:103', 0],
    ]);
    expect(rows[0]!.lat).toBeCloseTo(50.8467, 3);
    expect(rows[0]!.lon).toBeCloseTo(4.3525, 3);
    expect(rows[1]!.lat).toBeCloseTo(51.2188, 3);
    expect(rows[1]!.lon).toBeCloseTo(4.4009, 3);
  });

  it("puts the Lambert 2008 false origin at the projection's own latitude and longitude of origin", () => {
    const parsed = readImportFile(officialXlsx([pharmacy(1, 'Origin', [649_328, 665_262])]));
    expect(parsed.records[0]!.lat).toBeCloseTo(50.797815, 6);
    expect(parsed.records[0]!.lon).toBeCloseTo(4.359216, 6);
  });

  it('reports bad rows with their spreadsheet row number and changes nothing', () => {
    applyImport(db, readImportFile(officialXlsx([pharmacy(1, 'Old', BRUSSELS)], 'first.xlsx')), { now: 1 });
    const file = officialXlsx([
      pharmacy(101, 'Good', BRUSSELS),
      pharmacy(102, '', BRUSSELS),
      pharmacy(103, 'No coordinates', [Number.NaN, Number.NaN]).map((v) => (Number.isNaN(v) ? '' : v)),
      pharmacy(104, 'In Paris', [450_000, 420_000]),
      pharmacy(101, 'Duplicate', BRUSSELS),
    ]);
    const parsed = readImportFile(file);
    expect(parsed.bad).toEqual([
      { row: 4, reason: 'missing name' },
      { row: 5, reason: 'X/Y coordinates missing or not numbers' },
      { row: 6, reason: expect.stringContaining('not in Belgium') },
      { row: 7, reason: 'duplicate id fagg:101' },
    ]);
    expect(applyImport(db, parsed, { now: 2 })).toMatchObject({ status: 'refused' });
    expect(stored().map((r) => r.name)).toEqual(['Old']);
    // Leaving the bad rows out is an explicit choice.
    expect(applyImport(db, parsed, { now: 2, skipBad: true })).toMatchObject({ status: 'imported', total: 1 });
    expect(stored().map((r) => r.name)).toEqual(['Good']);
  });

  it('re-import replaces the data and reports added, removed and changed', () => {
    applyImport(
      db,
      readImportFile(
        officialXlsx(
          [pharmacy(1, 'Stays', BRUSSELS), pharmacy(2, 'Renamed', BRUSSELS), pharmacy(3, 'Goes', ANTWERP)],
          'a.xlsx',
        ),
      ),
      { now: 1 },
    );
    const outcome = applyImport(
      db,
      readImportFile(
        officialXlsx(
          [pharmacy(1, 'Stays', BRUSSELS), pharmacy(2, 'New name', BRUSSELS), pharmacy(4, 'Arrives', ANTWERP)],
          'b.xlsx',
        ),
      ),
      { now: 2 },
    );
    expect(outcome).toMatchObject({
      status: 'imported',
      diff: { added: 1, removed: 1, changed: 1, unchanged: 1 },
    });
    expect(stored().map((r) => r.name)).toEqual(['Stays', 'New name', 'Arrives']);
  });

  it('accepts a semicolon CSV export of the official list with other header words', () => {
    const path = join(dir, 'list.csv');
    // Other header wording, name before the number: columns are found by their words.
    const header = [
      'Nom de la pharmacie',
      "Numéro d'autorisation",
      'Adresse',
      'Code postal',
      'Localité',
      'Statut',
      'Titulaire',
      'Exploitant',
      'Coordonnée X (Lambert 2008)',
      'Coordonnée Y (Lambert 2008)',
    ];
    const row = pharmacy(7, 'Pharmacie CSV', BRUSSELS);
    row[0] = '007';
    [row[0], row[1]] = [row[1]!, row[0]!];
    const lines = [header, row].map((r) => r.join(';'));
    writeFileSync(path, `Liste;;;;;;;;;\n${lines.join('\n')}\n`);
    const parsed = readImportFile(path);
    expect(parsed.bad).toEqual([]);
    expect(parsed.records).toMatchObject([{ id: 'fagg:007', name: 'Pharmacie CSV', postal_code: '1000' }]);
    expect(parsed.records[0]!.lat).toBeCloseTo(50.8467, 3);
  });

  it('imports an OSM GeoJSON export (points and building polygons) and reports bad features', () => {
    const geojson = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          id: 'node/11',
          properties: {
            '@id': 'node/11',
            amenity: 'pharmacy',
            name: 'Apotheek OSM',
            'addr:street': 'Meir',
            'addr:housenumber': '5',
            'addr:postcode': '2000',
            'addr:city': 'Antwerpen',
          },
          geometry: { type: 'Point', coordinates: [4.41, 51.218] },
        },
        {
          type: 'Feature',
          properties: { '@id': 'way/12', amenity: 'pharmacy', name: 'Pharmacie Bâtiment' },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [4.35, 50.84],
                [4.352, 50.84],
                [4.352, 50.842],
                [4.35, 50.842],
              ],
            ],
          },
        },
        {
          type: 'Feature',
          properties: { '@id': 'node/13', amenity: 'pharmacy' },
          geometry: { type: 'Point', coordinates: [4.3, 50.8] },
        },
        {
          type: 'Feature',
          properties: { '@id': 'node/14', amenity: 'doctors', name: 'Dr X' },
          geometry: { type: 'Point', coordinates: [4.3, 50.8] },
        },
      ],
    };
    const path = join(dir, 'export.geojson');
    writeFileSync(path, JSON.stringify(geojson));
    const parsed = readImportFile(path);
    expect(parsed.bad).toEqual([
      { row: 3, reason: 'node/13: missing name' },
      { row: 4, reason: 'node/14: not amenity=pharmacy' },
    ]);
    expect(parsed.records).toMatchObject([
      { id: 'osm:node/11', address: 'Meir 5', postal_code: '2000', city: 'Antwerpen', lat: 51.218, lon: 4.41 },
      { id: 'osm:way/12', name: 'Pharmacie Bâtiment' },
    ]);
    expect(parsed.records[1]!.lat).toBeCloseTo(50.841, 3);
    expect(applyImport(db, parsed, { now: 1 }).status).toBe('refused');
    expect(stored()).toEqual([]);
  });

  it('imports Overpass JSON (nodes and ways with out center), then a re-import reports the changes', () => {
    const write = (elements: unknown[]) => {
      const path = join(dir, 'overpass.json');
      writeFileSync(path, JSON.stringify({ version: 0.6, elements }));
      return readImportFile(path);
    };
    const first = write([
      { type: 'node', id: 1, lat: 51.05, lon: 3.72, tags: { amenity: 'pharmacy', name: 'Apotheek Korenmarkt' } },
      { type: 'way', id: 2, center: { lat: 50.64, lon: 5.57 }, tags: { amenity: 'pharmacy', name: 'Pharmacie Liège' } },
    ]);
    expect(first.bad).toEqual([]);
    expect(applyImport(db, first, { now: 1 })).toMatchObject({ diff: { added: 2 } });
    const second = write([
      { type: 'node', id: 1, lat: 51.0501, lon: 3.72, tags: { amenity: 'pharmacy', name: 'Apotheek Korenmarkt' } },
      { type: 'node', id: 3, lat: 50.85, lon: 4.35, tags: { amenity: 'pharmacy', name: 'Pharmacie Bruxelles' } },
    ]);
    expect(applyImport(db, second, { now: 2 })).toMatchObject({
      diff: { added: 1, removed: 1, changed: 1, unchanged: 0 },
    });
    expect(stored().map((r) => r.id)).toEqual(['osm:node/1', 'osm:node/3']);
  });

  it('refuses a file that is not an export it knows', () => {
    const path = join(dir, 'other.json');
    writeFileSync(path, '{"hello": 1}');
    expect(() => readImportFile(path)).toThrow(/neither a GeoJSON/);
  });
});
