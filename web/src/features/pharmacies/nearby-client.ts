import {
  mapConfigSchema,
  nearbyResponseSchema,
  type MapConfig,
  type NearbyResponse,
} from '@pharmaradar/shared/pharmacies.schema';
import { api } from '../../lib/api/client';

export interface Position {
  lat: number;
  lon: number;
}

/** GET /api/pharmacies/config/: tile URL, attribution, radii. */
export function fetchMapConfig(signal?: AbortSignal): Promise<MapConfig> {
  return api.get('/pharmacies/config/', { signal, schema: mapConfigSchema });
}

/**
 * GET /api/pharmacies/nearby/. The position goes to our own server only, rounded to about a metre:
 * more digits would only make it more identifying.
 */
export function fetchNearby(position: Position, radiusKm: number, signal?: AbortSignal): Promise<NearbyResponse> {
  const query = new URLSearchParams({
    lat: position.lat.toFixed(5),
    lon: position.lon.toFixed(5),
    radius_km: String(radiusKm),
  });
  return api.get(`/pharmacies/nearby/?${query.toString()}`, { signal, schema: nearbyResponseSchema });
}
