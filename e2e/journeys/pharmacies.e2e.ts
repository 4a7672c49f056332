import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  launchBrowser,
  screenshot,
  startApp,
  waitForServiceWorker,
  type AppHandle,
} from '../support/harness';
import { startTileServer, type TileServer } from '../support/tile-server';

// Nearby pharmacies map (ADR 055): demo pharmacies, a faked browser position and a local
// tile server. Shown, denied, none found and the offline list, in French, English and Dutch.

const GRAND_PLACE = { latitude: 50.8466, longitude: 4.3528 };
// In the Ardennes, over 25 km from every demo pharmacy.
const ARDENNES = { latitude: 50.0, longitude: 5.72 };

describe('nearby pharmacies', () => {
  let app: AppHandle;
  let tiles: TileServer;
  let browser: Browser;

  beforeAll(async () => {
    tiles = await startTileServer();
    app = await startApp({ MAP_TILES_URL: tiles.template, MAP_TILES_ATTRIBUTION: '© Local test tiles' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await tiles?.close();
  });

  async function open(options: {
    locale: string;
    viewport?: { width: number; height: number };
    position?: typeof GRAND_PLACE;
    allow?: boolean;
  }): Promise<{ context: BrowserContext; page: Page; pageErrors: string[] }> {
    const width = options.viewport?.width ?? DESKTOP.width;
    const context = await browser.newContext({
      viewport: options.viewport ?? DESKTOP,
      locale: options.locale,
      isMobile: width < 600,
      hasTouch: width < 600,
      geolocation: options.position ?? GRAND_PLACE,
      permissions: options.allow === false ? [] : ['geolocation'],
    });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    return { context, page, pageErrors };
  }

  const names = (page: Page) => page.locator('[data-testid="pharmacy"] h2').allTextContents();

  it('fr, phone: from the home page to the map, nearest first, show on map and directions', async () => {
    const { context, page, pageErrors } = await open({ locale: 'fr-BE', viewport: PHONE });
    await page.goto(`${app.url}/`);
    await page.getByRole('link', { name: 'Pharmacies près de chez vous' }).click();
    await page.waitForURL(`${app.url}/pharmacies`);
    await page.getByRole('heading', { level: 1, name: 'Pharmacies près de chez vous' }).waitFor();
    expect(await page.getByText('elle n’est jamais enregistrée').count()).toBe(1);

    await page.getByRole('button', { name: 'Activer la localisation' }).click();
    await page.getByTestId('nearby-count').waitFor();
    const list = await names(page);
    expect(list[0]).toBe('Pharmacie démo Grand-Place');
    expect(list).not.toContain('Pharmacie démo fermée Bourse');
    expect(list.every((name) => /démo|demo/.test(name))).toBe(true);
    expect(await page.getByText('Données de démonstration').count()).toBe(1);
    const distances = (await page.getByTestId('pharmacy-distance').allTextContents()).map((d) =>
      Number(d.replace(/[^\d,]/g, '').replace(',', '.')),
    );
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    expect(distances.at(-1)).toBeLessThanOrEqual(5);

    // The map: Leaflet from our own bundle, tiles from the configured server, its attribution.
    await page.locator('[data-testid="pharmacies-map"][data-ready="true"]').waitFor();
    await page.locator('img.leaflet-tile-loaded').first().waitFor();
    expect(tiles.requests.some((p) => /^\/tiles\/\d+\/\d+\/\d+\.png$/.test(p))).toBe(true);
    expect(await page.locator('.leaflet-control-attribution').textContent()).toContain('© Local test tiles');
    const markerSources = await page
      .locator('img.leaflet-marker-icon')
      .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src));
    expect(markerSources.length).toBe(list.length);
    for (const src of markerSources) expect(src.startsWith(app.url) || src.startsWith('data:image/png')).toBe(true);

    // Phone width: the map above the list, full width.
    const mapBox = (await page.getByTestId('pharmacies-map').boundingBox())!;
    const listBox = (await page.getByTestId('nearby-results').boundingBox())!;
    expect(mapBox.y).toBeLessThan(listBox.y);

    await page.getByTestId('pharmacy').nth(1).getByRole('button', { name: 'Voir sur la carte' }).click();
    await page.locator('.leaflet-popup-content').waitFor();
    expect(await page.locator('.leaflet-popup-content').textContent()).toContain(list[1]);
    await page.getByRole('button', { name: 'Me montrer' }).click();

    const directions = page.getByRole('link', {
      name: `Itinéraire vers ${list[0]} (ouvre votre application de cartes)`,
    });
    expect(await directions.getAttribute('href')).toMatch(
      /^(geo:|https:\/\/(maps\.apple\.com|www\.google\.com\/maps))/,
    );
    await screenshot(page, 'pharmacies-fr-phone');

    // Widening the radius asks again and finds more.
    await page.getByTestId('radius-select').selectOption('10');
    await page.getByTestId('nearby-count').filter({ hasText: 'à moins de 10 km' }).waitFor();
    expect((await names(page)).length).toBeGreaterThan(list.length);
    expect(app.logs()).not.toContain('50.8466');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('en: a product page links to the map ("Buy it nearby"); a refused location is explained', async () => {
    const { context, page, pageErrors } = await open({ locale: 'en-GB', allow: false });
    await page.goto(`${app.url}/en/rhinathiol-toux-grasse-5-sirop-200-ml`);
    await page.getByRole('link', { name: 'Buy it nearby' }).click();
    await page.waitForURL(`${app.url}/en/pharmacies`);
    await page.getByRole('button', { name: 'Enable location' }).click();
    const error = page.getByTestId('nearby-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('Location access was refused');
    expect(await page.getByTestId('pharmacy').count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('nl: far from every pharmacy, none is found within 25 km', async () => {
    const { context, page, pageErrors } = await open({ locale: 'nl-BE', position: ARDENNES });
    await page.goto(`${app.url}/nl/pharmacies`);
    await page.getByTestId('radius-select').selectOption('25');
    await page.getByRole('button', { name: 'Locatie inschakelen' }).click();
    const none = page.getByTestId('nearby-none');
    await none.waitFor();
    expect(await none.textContent()).toBe('Geen apotheek gevonden binnen 25 km. Probeer een grotere afstand.');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('en, desktop: offline, a reload still shows the last list with its time, beside no map', async () => {
    const { context, page } = await open({ locale: 'en-GB', viewport: DESKTOP });
    await page.goto(`${app.url}/en/pharmacies`);
    await waitForServiceWorker(page);
    await page.getByRole('button', { name: 'Enable location' }).click();
    await page.getByTestId('nearby-count').waitFor();
    const online = await names(page);
    // Wide screen: the list beside the map.
    const mapBox = (await page.getByTestId('pharmacies-map').boundingBox())!;
    const listBox = (await page.getByTestId('nearby-results').boundingBox())!;
    expect(listBox.x).toBeGreaterThan(mapBox.x + mapBox.width - 1);

    await context.setOffline(true);
    await page.reload();
    const saved = page.getByTestId('nearby-saved');
    await saved.waitFor();
    expect(await saved.textContent()).toMatch(/^You are offline: this is the last list, from .*\d.*\.$/);
    expect(await names(page)).toEqual(online);

    await page.getByRole('button', { name: 'Enable location' }).click();
    await page.getByTestId('nearby-error').waitFor();
    expect(await page.getByTestId('nearby-error').textContent()).toContain('Unable to reach the server');
    expect(await names(page)).toEqual(online);
    await screenshot(page, 'pharmacies-en-offline');
    await context.setOffline(false);
    await context.close();
  });
});
