import type { PharmacyRecord } from '../pharmacy-record';
import { clean, dropDuplicates, type BadRow, type ParseResult } from './parse-result';

type Tags = Record<string, unknown>;
type Point = { lat: number; lon: number };

/**
 * OpenStreetMap `amenity=pharmacy` exports: GeoJSON (overpass-turbo, osmtogeojson: Point features, or
 * polygons for buildings, with `@id`/`id` "node/123") or raw Overpass JSON (`elements` with lat/lon,
 * or `center` for ways from `out center`). Data © OpenStreetMap contributors (ODbL).
 */
export function parseOsmExport(json: unknown): ParseResult | null {
  if (isObject(json) && json.type === 'FeatureCollection' && Array.isArray(json.features)) {
    return collect('geojson', json.features.map(fromFeature));
  }
  if (isObject(json) && Array.isArray(json.elements)) {
    return collect('overpass', json.elements.map(fromElement));
  }
  return null;
}

interface Item {
  osmId: string | null;
  tags: Tags;
  point: Point | null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fromFeature(feature: unknown): Item {
  if (!isObject(feature)) return { osmId: null, tags: {}, point: null };
  const props = isObject(feature.properties) ? feature.properties : {};
  // osmtogeojson nests tags under `tags`; overpass-turbo flattens them into the properties.
  const tags = isObject(props.tags) ? { ...props, ...props.tags } : props;
  const rawId = clean(props['@id'] ?? feature.id ?? props.id);
  return { osmId: /^(node|way|relation)\/\d+$/.test(rawId) ? rawId : null, tags, point: centre(feature.geometry) };
}

function fromElement(element: unknown): Item {
  if (!isObject(element)) return { osmId: null, tags: {}, point: null };
  const type = clean(element.type);
  const id = clean(element.id);
  const tags = isObject(element.tags) ? element.tags : {};
  const at = isObject(element.center) ? element.center : element;
  const point = typeof at.lat === 'number' && typeof at.lon === 'number' ? { lat: at.lat, lon: at.lon } : null;
  return { osmId: /^(node|way|relation)$/.test(type) && /^\d+$/.test(id) ? `${type}/${id}` : null, tags, point };
}

/** A point's own coordinates, or the mean of a polygon's outer ring (a building's centre, near enough). */
function centre(geometry: unknown): Point | null {
  if (!isObject(geometry) || !Array.isArray(geometry.coordinates)) return null;
  const ring: unknown[] =
    geometry.type === 'Point'
      ? [geometry.coordinates]
      : geometry.type === 'Polygon'
        ? ((geometry.coordinates[0] as unknown[]) ?? [])
        : geometry.type === 'MultiPolygon'
          ? (((geometry.coordinates[0] as unknown[])?.[0] as unknown[]) ?? [])
          : [];
  const points = ring.filter(
    (p): p is [number, number] => Array.isArray(p) && typeof p[0] === 'number' && typeof p[1] === 'number',
  );
  if (points.length === 0) return null;
  const sum = points.reduce((acc, [lon, lat]) => ({ lat: acc.lat + lat, lon: acc.lon + lon }), { lat: 0, lon: 0 });
  return { lat: sum.lat / points.length, lon: sum.lon / points.length };
}

function collect(format: 'geojson' | 'overpass', items: Item[]): ParseResult {
  const bad: BadRow[] = [];
  const parsed: Array<{ row: number; record: PharmacyRecord }> = [];
  items.forEach((item, index) => {
    const row = index + 1; // feature / element number
    const name = clean(item.tags.name);
    const reason = !item.osmId
      ? 'missing OSM id (node/way/relation)'
      : clean(item.tags.amenity) !== 'pharmacy'
        ? 'not amenity=pharmacy'
        : !name
          ? 'missing name'
          : name.length > 200
            ? 'name longer than 200 characters'
            : !item.point || !validPoint(item.point)
              ? 'missing or invalid coordinates'
              : null;
    if (reason) {
      bad.push({ row, reason: item.osmId ? `${item.osmId}: ${reason}` : reason });
      return;
    }
    const street = [clean(item.tags['addr:street']), clean(item.tags['addr:housenumber'])].filter(Boolean).join(' ');
    parsed.push({
      row,
      record: {
        id: `osm:${item.osmId}`,
        source: 'osm',
        name,
        address: street,
        postal_code: clean(item.tags['addr:postcode']),
        city: clean(item.tags['addr:city']),
        lat: item.point!.lat,
        lon: item.point!.lon,
        // OSM has no licence status; a shop mapped as closed is skipped by the same rule as FAGG's.
        is_open: !clean(item.tags['disused:amenity']) && clean(item.tags.opening_hours) !== 'closed',
      },
    });
  });
  return { format, records: dropDuplicates(parsed, bad), bad };
}

function validPoint(p: Point): boolean {
  return Number.isFinite(p.lat) && Number.isFinite(p.lon) && Math.abs(p.lat) <= 90 && Math.abs(p.lon) <= 180;
}
