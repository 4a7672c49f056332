import { z } from 'zod';

/** docs/architecture.md#settled-choices: the radii a user can pick ('within {km} km'); the API accepts any value up to the largest. */
export const PHARMACY_RADII_KM = [2, 5, 10, 25] as const;
export const MAX_PHARMACY_RADIUS_KM = 25;
export const DEFAULT_PHARMACY_RADIUS_KM = 5;
/** At most this many pharmacies per answer: a dense city centre at 25 km holds hundreds. */
export const MAX_NEARBY_RESULTS = 50;

/** Query strings arrive as text: a coordinate is a plain decimal number, nothing else. */
const decimal = (min: number, max: number) =>
  z
    .string({ error: 'required' })
    .trim()
    .regex(/^-?\d{1,3}(?:\.\d{1,12})?$/, { error: 'invalid_number' })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: 'out_of_range' });

/** GET /api/pharmacies/nearby?lat=&lon=&radius_km= */
export const nearbyQuerySchema = z.object({
  lat: decimal(-90, 90),
  lon: decimal(-180, 180),
  radius_km: z
    .string()
    .trim()
    .regex(/^\d{1,3}(?:\.\d{1,3})?$/, { error: 'invalid_number' })
    .transform(Number)
    .refine((n) => n > 0 && n <= MAX_PHARMACY_RADIUS_KM, { error: 'out_of_range' })
    .optional(),
});
export type NearbyQueryInput = z.input<typeof nearbyQuerySchema>;
export type NearbyQuery = z.output<typeof nearbyQuerySchema>;

export const nearbyPharmacySchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  postal_code: z.string(),
  city: z.string(),
  lat: z.number(),
  lon: z.number(),
  distance_km: z.number(),
});
export type NearbyPharmacy = z.infer<typeof nearbyPharmacySchema>;

/** docs/architecture.md#settled-choices: the nearby answer, sorted by distance. `demo` when the data is the bundled demo set. */
export const nearbyResponseSchema = z.object({
  radius_km: z.number(),
  demo: z.boolean(),
  pharmacies: z.array(nearbyPharmacySchema),
});
export type NearbyResponse = z.infer<typeof nearbyResponseSchema>;

/**
 * GET /api/pharmacies/config: what the map needs. `tile_url` is a Leaflet URL template ({z}/{x}/{y},
 * optional {s}); `key_missing` when the configured provider needs a key that is not set.
 */
export const mapConfigSchema = z.object({
  tile_url: z.string(),
  attribution: z.string(),
  max_zoom: z.number(),
  key_missing: z.boolean(),
  default_radius_km: z.number(),
  radii_km: z.array(z.number()),
});
export type MapConfig = z.infer<typeof mapConfigSchema>;

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km (haversine): plenty precise at city scale. */
export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLon = rad(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The lat/lon box that contains every point within `km` of the centre (for an index range scan). */
export function boundingBox(lat: number, lon: number, km: number) {
  const dLat = (km / EARTH_RADIUS_KM) * (180 / Math.PI);
  // Longitude degrees shrink with the latitude; near the poles the box spans every longitude.
  const cos = Math.cos(rad(lat));
  const dLon = cos < 1e-6 ? 180 : Math.min(180, dLat / cos);
  return { minLat: lat - dLat, maxLat: lat + dLat, minLon: lon - dLon, maxLon: lon + dLon };
}
