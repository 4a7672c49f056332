import { PHARMACY_RADII_KM, type MapConfig } from '@pharmaradar/shared/pharmacies.schema';
import type { Env } from '../../config/env';
import type { Db } from '../../db/database';
import { createPharmaciesRepository } from './pharmacies.repository';
import { createPharmaciesRoutes } from './pharmacies.routes';
import type { PharmacyRecord } from './pharmacy-record';

/** The map settings the web app reads; a {key} placeholder is filled from MAP_TILES_KEY. */
export function mapConfigFromEnv(env: PharmaciesDeps['env']): MapConfig {
  const needsKey = env.MAP_TILES_URL.includes('{key}');
  return {
    tile_url: env.MAP_TILES_KEY
      ? env.MAP_TILES_URL.replaceAll('{key}', encodeURIComponent(env.MAP_TILES_KEY))
      : env.MAP_TILES_URL,
    attribution: env.MAP_TILES_ATTRIBUTION,
    max_zoom: 19,
    key_missing: needsKey && !env.MAP_TILES_KEY,
    default_radius_km: env.NEARBY_RADIUS_KM,
    radii_km: [...PHARMACY_RADII_KM],
  };
}

/**
 * The CSP img-src entry the tiles need: https tiles are already allowed (img-src https:), an http
 * provider (a local tile server) gets its own origin, with `{s}` sub-domains as a wildcard.
 */
export function tileImageSource(tileUrl: string): string | null {
  const match = /^(http):\/\/([^/]+)/i.exec(tileUrl);
  if (!match) return null;
  return `${match[1]}://${match[2]!.replaceAll('{s}', '*')}`;
}

/** What the nearby map needs from the app (app.ts wires it). */
export interface PharmaciesDeps {
  db: Db;
  env: Pick<Env, 'MAP_TILES_URL' | 'MAP_TILES_KEY' | 'MAP_TILES_ATTRIBUTION' | 'NEARBY_RADIUS_KM'>;
  now: () => number;
  /** Loaded into an empty table at start-up (demo mode: the demo pharmacies; live: none, an import fills it). */
  starterPharmacies?: readonly PharmacyRecord[];
}

/** Nearby pharmacies: the API, and the starting set (demo mode's) loaded into an empty table. */
export function createPharmaciesModule(deps: PharmaciesDeps) {
  const repository = createPharmaciesRepository(deps.db);
  const starters = deps.starterPharmacies ?? [];
  if (starters.length > 0 && repository.count() === 0) {
    repository.replaceAll([...starters], deps.now());
  }
  return {
    routes: createPharmaciesRoutes(
      { repository, defaultRadiusKm: deps.env.NEARBY_RADIUS_KM },
      mapConfigFromEnv(deps.env),
    ),
  };
}
