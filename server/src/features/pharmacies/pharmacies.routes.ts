import { Hono } from 'hono';
import { nearbyQuerySchema, type MapConfig } from '@pharmaradar/shared/pharmacies.schema';
import { HttpError } from '../../lib/http-error';
import { PHARMACIES_MESSAGES } from './pharmacies.messages';
import { findNearby, type PharmaciesServiceDeps } from './pharmacies.service';

/**
 * GET /api/pharmacies/nearby/?lat=&lon=&radius_km= and GET /api/pharmacies/config/.
 * The request logger writes the path only, never the query string, so the position stays out of logs.
 */
export function createPharmaciesRoutes(service: PharmaciesServiceDeps, mapConfig: MapConfig): Hono {
  const app = new Hono();
  app.get('/pharmacies/nearby/', (c) => {
    const parsed = nearbyQuerySchema.safeParse({
      lat: c.req.query('lat'),
      lon: c.req.query('lon'),
      radius_km: c.req.query('radius_km') || undefined,
    });
    if (!parsed.success) {
      const fields = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))];
      const positionBad = fields.some((f) => f === 'lat' || f === 'lon');
      const message = positionBad ? PHARMACIES_MESSAGES.invalidPosition : PHARMACIES_MESSAGES.invalidRadius;
      throw new HttpError(
        400,
        positionBad ? 'invalid_position' : 'invalid_radius',
        message,
        Object.fromEntries(fields.map((f) => [f, f === 'radius_km' ? PHARMACIES_MESSAGES.invalidRadius : message])),
      );
    }
    return c.json(findNearby(service, parsed.data));
  });
  app.get('/pharmacies/config/', (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(mapConfig);
  });
  return app;
}
