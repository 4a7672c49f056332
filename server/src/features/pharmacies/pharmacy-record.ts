/** One pharmacy as the importers produce it and the table stores it. */
export interface PharmacyRecord {
  id: string;
  source: 'fagg' | 'osm' | 'demo';
  name: string;
  address: string;
  postal_code: string;
  city: string;
  lat: number;
  lon: number;
  is_open: boolean;
}

/** What a re-import changes, by id. */
export interface ImportDiff {
  added: number;
  removed: number;
  changed: number;
  unchanged: number;
}

/** Fields compared to tell a changed pharmacy from an unchanged one on re-import. */
export function samePharmacy(a: PharmacyRecord, b: PharmacyRecord): boolean {
  return (
    a.name === b.name &&
    a.address === b.address &&
    a.postal_code === b.postal_code &&
    a.city === b.city &&
    a.is_open === b.is_open &&
    Math.abs(a.lat - b.lat) < 1e-7 &&
    Math.abs(a.lon - b.lon) < 1e-7
  );
}
