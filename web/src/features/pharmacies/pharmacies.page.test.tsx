import type { Locale } from '@pharmaradar/shared/locales';
import type { MapConfig, NearbyResponse } from '@pharmaradar/shared/pharmacies.schema';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setApiOrigin } from '../../lib/api/client';
import { sendJson, startLoopbackServer, type LoopbackServer } from '../../test/fakes/http-server';
import { renderWithProviders } from '../../test/render';
import { LAST_ANSWER_KEY } from './last-answer';
import PharmaciesPage from './pharmacies.page';

// A shared, loaded machine: answers from the loopback server can take more than the default second.
configure({ asyncUtilTimeout: 5000 });

const CONFIG: MapConfig = {
  tile_url: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap contributors',
  max_zoom: 19,
  key_missing: false,
  default_radius_km: 5,
  radii_km: [2, 5, 10, 25],
};

const pharmacy = (id: string, name: string, distance_km: number) => ({
  id,
  name,
  address: `${name} 1`,
  postal_code: '1000',
  city: 'Bruxelles',
  lat: 50.85 + distance_km / 100,
  lon: 4.35,
  distance_km,
});

const TWO: NearbyResponse = {
  radius_km: 5,
  demo: false,
  pharmacies: [pharmacy('a', 'Pharmacie Alpha', 0.34), pharmacy('b', 'Pharmacie Beta', 1.5)],
};

let server: LoopbackServer;
let config: MapConfig = CONFIG;
let nearby: (radius: string) => NearbyResponse = () => TWO;
// Holds the map settings back, as a slow network would.
let configSent: Promise<void> = Promise.resolve();

beforeAll(async () => {
  server = await startLoopbackServer(async (req, res) => {
    const url = new URL(req.path, 'http://x');
    if (url.pathname === '/api/pharmacies/config/') {
      await configSent;
      return sendJson(res, 200, config);
    }
    if (url.pathname === '/api/pharmacies/nearby/')
      return sendJson(res, 200, nearby(url.searchParams.get('radius_km')!));
    sendJson(res, 404, { detail: 'Not found.', code: 'not_found' });
  });
  setApiOrigin(server.origin);
});
afterAll(async () => {
  setApiOrigin('');
  await server.close();
});

type Outcome = { lat: number; lon: number } | { code: 1 | 2 | 3 } | 'unsupported';
function fakeGeolocation(outcome: Outcome) {
  // The browser's Geolocation API, answered like a real browser would (not project code).
  const geolocation =
    outcome === 'unsupported'
      ? undefined
      : {
          getCurrentPosition(ok: PositionCallback, fail?: PositionErrorCallback | null) {
            setTimeout(() => {
              if ('code' in outcome) fail?.({ code: outcome.code, message: 'x' } as GeolocationPositionError);
              else ok({ coords: { latitude: outcome.lat, longitude: outcome.lon } } as GeolocationPosition);
            }, 0);
          },
        };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
}

beforeEach(() => {
  server.received.length = 0;
  config = CONFIG;
  configSent = Promise.resolve();
  nearby = () => TWO;
  fakeGeolocation({ lat: 50.8466, lon: 4.3528 });
});
afterEach(() => {
  Object.defineProperty(navigator, 'geolocation', { value: undefined, configurable: true });
});

const nearbyRequests = () =>
  server.received.filter((r) => r.path.startsWith('/api/pharmacies/nearby/')).map((r) => new URL(r.path, 'http://x'));

const TEXT: Record<Locale, { enable: string; count: string; directions: string; denied: RegExp; none: RegExp }> = {
  fr: {
    enable: 'Activer la localisation',
    count: '2 pharmacies à moins de 5 km',
    directions: 'Itinéraire vers Pharmacie Alpha (ouvre votre application de cartes)',
    denied: /L’accès à votre position a été refusé/,
    none: /Aucune pharmacie trouvée à moins de 2 km/,
  },
  en: {
    enable: 'Enable location',
    count: '2 pharmacies within 5 km',
    directions: 'Directions to Pharmacie Alpha (opens your maps app)',
    denied: /Location access was refused/,
    none: /No pharmacy found within 2 km/,
  },
  nl: {
    enable: 'Locatie inschakelen',
    count: '2 apotheken binnen 5 km',
    directions: 'Route naar Pharmacie Alpha (opent uw kaartenapp)',
    denied: /Toegang tot uw locatie is geweigerd/,
    none: /Geen apotheek gevonden binnen 2 km/,
  },
};

describe.each(['fr', 'en', 'nl'] as const)('nearby pharmacies page (%s)', (locale) => {
  const text = TEXT[locale];

  it('asks for the location first, then lists the pharmacies nearest first with directions', async () => {
    renderWithProviders(<PharmaciesPage />, { locale, route: '/pharmacies' });
    expect(nearbyRequests()).toEqual([]); // nothing is asked before the user agrees
    fireEvent.click(screen.getByRole('button', { name: text.enable }));
    expect((await screen.findByTestId('nearby-count')).textContent).toMatch(text.count);
    const items = screen.getAllByTestId('pharmacy');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual([
      'Pharmacie Alpha',
      'Pharmacie Beta',
    ]);
    expect(within(items[0]!).getByTestId('pharmacy-distance').textContent).toMatch(/^0[,.]3 km$/);
    const directions = screen.getByRole('link', { name: text.directions });
    expect(directions.getAttribute('href')).toBe('https://www.google.com/maps/dir/?api=1&destination=50.8534,4.35');
    const [request] = nearbyRequests();
    expect(request!.searchParams.get('lat')).toBe('50.84660');
    expect(request!.searchParams.get('radius_km')).toBe('5');
    expect(screen.getByTestId('pharmacies-map')).toBeTruthy();
  });

  it('says when the location was refused', async () => {
    fakeGeolocation({ code: 1 });
    renderWithProviders(<PharmaciesPage />, { locale, route: '/pharmacies' });
    fireEvent.click(screen.getByRole('button', { name: text.enable }));
    expect((await screen.findByTestId('nearby-error')).textContent).toMatch(text.denied);
    expect(nearbyRequests()).toEqual([]);
  });

  it('says when none is found within the chosen radius', async () => {
    nearby = (radius) => ({ radius_km: Number(radius), demo: false, pharmacies: [] });
    renderWithProviders(<PharmaciesPage />, { locale, route: '/pharmacies' });
    await waitFor(() => expect(server.received.some((r) => r.path.startsWith('/api/pharmacies/config'))).toBe(true));
    fireEvent.change(screen.getByTestId('radius-select'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: text.enable }));
    expect((await screen.findByTestId('nearby-none')).textContent).toMatch(text.none);
  });
});

describe('nearby pharmacies page states (en)', () => {
  it('says when the browser cannot locate at all, or the position is unavailable', async () => {
    fakeGeolocation('unsupported');
    const first = renderWithProviders(<PharmaciesPage />, { locale: 'en', route: '/pharmacies' });
    fireEvent.click(screen.getByRole('button', { name: 'Enable location' }));
    expect((await screen.findByTestId('nearby-error')).textContent).toMatch(/This browser cannot share your location/);
    first.unmount();
    fakeGeolocation({ code: 2 });
    renderWithProviders(<PharmaciesPage />, { locale: 'en', route: '/pharmacies' });
    fireEvent.click(screen.getByRole('button', { name: 'Enable location' }));
    expect((await screen.findByTestId('nearby-error')).textContent).toMatch(/Your position could not be determined/);
  });

  it('offers the radius choices and asks again with the new radius', async () => {
    renderWithProviders(<PharmaciesPage />, { locale: 'en', route: '/pharmacies' });
    const select = screen.getByTestId('radius-select');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['within 2 km', 'within 5 km', 'within 10 km', 'within 25 km']);
    fireEvent.click(screen.getByRole('button', { name: 'Enable location' }));
    await screen.findByTestId('nearby-count');
    nearby = () => ({ ...TWO, radius_km: 10 });
    fireEvent.change(select, { target: { value: '10' } });
    await waitFor(() => expect(screen.getByTestId('nearby-count').textContent).toMatch('2 pharmacies within 10 km'));
    expect(nearbyRequests().map((u) => u.searchParams.get('radius_km'))).toEqual(['5', '10']);
  });

  it('keeps a radius chosen before the map settings arrive', async () => {
    let send = () => {};
    configSent = new Promise((resolve) => (send = resolve));
    // A radius list unlike the built-in one shows when the settings have been applied.
    config = { ...CONFIG, default_radius_km: 5, radii_km: [2, 5, 10, 25, 50] };
    nearby = (radius) => ({ radius_km: Number(radius), demo: false, pharmacies: [] });
    renderWithProviders(<PharmaciesPage />, { locale: 'en', route: '/pharmacies' });
    await waitFor(() => expect(server.received.some((r) => r.path.startsWith('/api/pharmacies/config'))).toBe(true));
    fireEvent.change(screen.getByTestId('radius-select'), { target: { value: '25' } });
    send();
    await screen.findByRole('option', { name: 'within 50 km' });
    expect((screen.getByTestId('radius-select') as HTMLSelectElement).value).toBe('25');
    fireEvent.click(screen.getByRole('button', { name: 'Enable location' }));
    expect((await screen.findByTestId('nearby-none')).textContent).toMatch(/No pharmacy found within 25 km/);
    expect(nearbyRequests().map((u) => u.searchParams.get('radius_km'))).toEqual(['25']);
  });

  it('says the maps key is missing, and the list still works', async () => {
    config = { ...CONFIG, key_missing: true };
    renderWithProviders(<PharmaciesPage />, { locale: 'en', route: '/pharmacies' });
    await waitFor(() => expect(server.received.some((r) => r.path.startsWith('/api/pharmacies/config'))).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Enable location' }));
    expect((await screen.findByTestId('map-problem')).textContent).toMatch(/the maps key is missing/);
    expect(screen.queryByTestId('pharmacies-map')).toBeNull();
    expect(await screen.findAllByTestId('pharmacy')).toHaveLength(2);
  });

  it('shows the last list with its time when the server cannot be reached, without keeping the position', async () => {
    const first = renderWithProviders(<PharmaciesPage />, { locale: 'en', route: '/pharmacies' });
    fireEvent.click(screen.getByRole('button', { name: 'Enable location' }));
    await screen.findByTestId('nearby-count');
    first.unmount();
    const kept = localStorage.getItem(LAST_ANSWER_KEY) ?? '';
    expect(kept).toContain('Pharmacie Alpha');
    expect(kept).not.toContain('50.8466');

    setApiOrigin('http://127.0.0.1:9'); // nothing listens there: the network is gone
    try {
      renderWithProviders(<PharmaciesPage />, { locale: 'en', route: '/pharmacies' });
      expect(screen.getByTestId('nearby-saved').textContent).toMatch(/^Last list saved on this device, .+\.$/);
      expect(screen.getAllByTestId('pharmacy')).toHaveLength(2);
      fireEvent.click(screen.getByRole('button', { name: 'Enable location' }));
      expect((await screen.findByTestId('nearby-error')).textContent).toMatch(/Unable to reach the server/);
      expect(screen.getAllByTestId('pharmacy')).toHaveLength(2);
    } finally {
      setApiOrigin(server.origin);
    }
  });
});
