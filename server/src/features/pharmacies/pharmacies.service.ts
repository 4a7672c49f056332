import {
  boundingBox,
  haversineKm,
  MAX_NEARBY_RESULTS,
  type NearbyQuery,
  type NearbyResponse,
} from '@pharmaradar/shared/pharmacies.schema';
import type { PharmaciesRepository } from './pharmacies.repository';

export interface PharmaciesServiceDeps {
  repository: PharmaciesRepository;
  defaultRadiusKm: number;
}

/** Rounded so answers do not echo the user's position back with more precision than useful (10 m). */
const roundKm = (km: number) => Math.round(km * 100) / 100;

/**
 * The nearest open pharmacies within the radius, nearest first. The position is used for this answer
 * only: it is neither stored nor logged (ADR 055).
 */
export function findNearby(deps: PharmaciesServiceDeps, query: NearbyQuery): NearbyResponse {
  const radiusKm = query.radius_km ?? deps.defaultRadiusKm;
  const candidates = deps.repository.openInBox(boundingBox(query.lat, query.lon, radiusKm));
  const pharmacies = candidates
    .map((p) => ({ record: p, distance: haversineKm(query.lat, query.lon, p.lat, p.lon) }))
    // The box's corners lie beyond the radius: the exact distance decides.
    .filter((entry) => entry.distance <= radiusKm)
    .sort((a, b) => a.distance - b.distance || a.record.name.localeCompare(b.record.name))
    .slice(0, MAX_NEARBY_RESULTS)
    .map(({ record, distance }) => ({
      id: record.id,
      name: record.name,
      address: record.address,
      postal_code: record.postal_code,
      city: record.city,
      lat: record.lat,
      lon: record.lon,
      distance_km: roundKm(distance),
    }));
  return { radius_km: radiusKm, demo: deps.repository.isDemo(), pharmacies };
}
