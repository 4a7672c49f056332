import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@pharmaradar/shared/api-error';
import { haversineKm, mapConfigSchema, nearbyResponseSchema } from '@pharmaradar/shared/pharmacies.schema';
import { LIVE_TEST_ENV, startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { applyImport } from './import/pharmacies-import';
import type { PharmacyRecord } from './pharmacy-record';

// A position nobody else uses in the test data, so finding its digits in a log line means a leak.
const HERE = { lat: '50.8466123', lon: '4.3528456' };

const record = (id: string, name: string, lat: number, lon: number, is_open = true): PharmacyRecord => ({
  id,
  source: 'fagg',
  name,
  address: `${name} street 1`,
  postal_code: '1000',
  city: 'Bruxelles',
  lat,
  lon,
  is_open,
});

async function nearby(server: TestServer, query: string, lang = 'en') {
  const response = await fetch(`${server.url}/api/pharmacies/nearby/?${query}`, {
    headers: { 'accept-language': lang },
  });
  return { status: response.status, body: (await response.json()) as unknown, headers: response.headers };
}

describe('GET /api/pharmacies/nearby (imported data)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ...LIVE_TEST_ENV, RETAILERS: 'farmaline', NEARBY_RADIUS_KM: '5' });
    // Distances from HERE: ~0.3, ~1.5, ~4, ~9 and ~20 km, one closed, one in Antwerp (~41 km).
    applyImport(
      server.db,
      {
        format: 'fagg',
        bad: [],
        records: [
          record('fagg:4', 'Nine km', 50.9275, 4.3528),
          record('fagg:2', 'One and a half km', 50.8601, 4.3528),
          record('fagg:1', 'Close by', 50.8493, 4.3528),
          record('fagg:3', 'Four km', 50.8466, 4.4096),
          record('fagg:5', 'Twenty km', 50.8466, 4.6365),
          record('fagg:6', 'Closed next door', 50.8467, 4.3529, false),
          record('fagg:7', 'Antwerp', 51.2188, 4.4009),
        ],
      },
      { now: 1 },
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers the open pharmacies within the default radius, nearest first, with their distances', async () => {
    const { status, body } = await nearby(server, `lat=${HERE.lat}&lon=${HERE.lon}`);
    expect(status).toBe(200);
    const answer = nearbyResponseSchema.parse(body);
    expect(answer.radius_km).toBe(5);
    expect(answer.demo).toBe(false);
    expect(answer.pharmacies.map((p) => p.name)).toEqual(['Close by', 'One and a half km', 'Four km']);
    for (const p of answer.pharmacies) {
      expect(p.distance_km).toBeCloseTo(haversineKm(Number(HERE.lat), Number(HERE.lon), p.lat, p.lon), 1);
    }
    expect(answer.pharmacies[0]).toMatchObject({
      id: 'fagg:1',
      address: 'Close by street 1',
      postal_code: '1000',
      city: 'Bruxelles',
    });
  });

  it('widens and narrows with radius_km, up to 25 km', async () => {
    const names = async (radius: string) =>
      nearbyResponseSchema
        .parse((await nearby(server, `lat=${HERE.lat}&lon=${HERE.lon}&radius_km=${radius}`)).body)
        .pharmacies.map((p) => p.name);
    expect(await names('2')).toEqual(['Close by', 'One and a half km']);
    expect(await names('10')).toEqual(['Close by', 'One and a half km', 'Four km', 'Nine km']);
    expect(await names('25')).toEqual(['Close by', 'One and a half km', 'Four km', 'Nine km', 'Twenty km']);
    // The trailing slash is optional, like every API path.
    const bare = await fetch(`${server.url}/api/pharmacies/nearby?lat=51.2188&lon=4.4009&radius_km=2`);
    expect(nearbyResponseSchema.parse(await bare.json()).pharmacies.map((p) => p.name)).toEqual(['Antwerp']);
  });

  it('answers an empty list far from every pharmacy', async () => {
    const { status, body } = await nearby(server, 'lat=49.6&lon=6.1&radius_km=25');
    expect(status).toBe(200);
    expect(nearbyResponseSchema.parse(body).pharmacies).toEqual([]);
  });

  it.each([
    ['', 'invalid_position', 'lat'],
    ['lat=50.8&lon=abc', 'invalid_position', 'lon'],
    ['lat=91&lon=4.35', 'invalid_position', 'lat'],
    ['lat=50.8&lon=181', 'invalid_position', 'lon'],
    ['lat=1e3&lon=4', 'invalid_position', 'lat'],
    ['lat=50.8&lon=4.3&radius_km=26', 'invalid_radius', 'radius_km'],
    ['lat=50.8&lon=4.3&radius_km=0', 'invalid_radius', 'radius_km'],
    ['lat=50.8&lon=4.3&radius_km=-5', 'invalid_radius', 'radius_km'],
  ])('refuses %j with a translated 400 %s', async (query, code, field) => {
    const en = await nearby(server, query, 'en');
    expect(en.status).toBe(400);
    const error = apiErrorSchema.parse(en.body);
    expect(error.code).toBe(code);
    expect(Object.keys(error.fields ?? {})).toContain(field);
    const nl = apiErrorSchema.parse((await nearby(server, query, 'nl')).body);
    expect(nl.detail).not.toBe(error.detail);
    expect(nl.detail).toMatch(code === 'invalid_radius' ? /straal/ : /positie/);
  });

  it('never writes the position into the logs, and never caches the answer', async () => {
    const { headers } = await nearby(server, `lat=${HERE.lat}&lon=${HERE.lon}&radius_km=10`);
    expect(headers.get('cache-control')).toBe('no-store');
    await nearby(server, `lat=${HERE.lat}&lon=abc`);
    const logs = server.logs().join('\n');
    expect(logs).toContain('/api/pharmacies/nearby'); // the requests were logged...
    for (const digits of ['50.8466123', '4.3528456', '8466123', '3528456']) expect(logs).not.toContain(digits);
    expect(logs).not.toMatch(/lat=|lon=/);
  });

  it('uses the index for the nearest query (no table scan)', () => {
    const plan = server.db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT id FROM pharmacies INDEXED BY pharmacies_open_lat_lon
         WHERE is_open = 1 AND lat BETWEEN 50 AND 51 AND lon BETWEEN 4 AND 5`,
      )
      .all() as Array<{ detail: string }>;
    expect(plan.map((r) => r.detail).join(' ')).toMatch(
      /SEARCH pharmacies USING (COVERING )?INDEX pharmacies_open_lat_lon/,
    );
  });
});

describe('demo mode pharmacies and the map configuration', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      RETAILERS_MODE: 'demo',
      MAP_TILES_URL: 'http://127.0.0.1:9/tiles/{z}/{x}/{y}.png?key={key}',
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('loads the labelled demo set into an empty table and marks answers demo', async () => {
    const { body } = await nearby(server, 'lat=50.8466&lon=4.3528&radius_km=2');
    const answer = nearbyResponseSchema.parse(body);
    expect(answer.demo).toBe(true);
    expect(answer.pharmacies.length).toBeGreaterThan(2);
    for (const p of answer.pharmacies) expect(p.name).toMatch(/démo|demo/);
    // The closed demo pharmacy next to the Bourse is never answered.
    expect(answer.pharmacies.some((p) => /fermée/.test(p.name))).toBe(false);
  });

  it('tells the web app the tile URL, its attribution, the radii and that the key is missing', async () => {
    const response = await fetch(`${server.url}/api/pharmacies/config/`);
    const config = mapConfigSchema.parse(await response.json());
    expect(config).toMatchObject({
      tile_url: 'http://127.0.0.1:9/tiles/{z}/{x}/{y}.png?key={key}',
      attribution: '© OpenStreetMap contributors',
      key_missing: true,
      default_radius_km: 5,
      radii_km: [2, 5, 10, 25],
    });
    // The page may load those tiles (CSP img-src) and ask for the position (Permissions-Policy).
    const page = await fetch(`${server.url}/fr/pharmacies`, { headers: { Accept: 'text/html' } });
    await page.arrayBuffer();
    expect(page.headers.get('content-security-policy')).toMatch(/img-src [^;]*http:\/\/127\.0\.0\.1:9/);
    expect(page.headers.get('permissions-policy')).toMatch(/geolocation=\(self\)/);
  });
});
