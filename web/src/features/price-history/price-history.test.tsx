import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PriceHistoryResponse, PricePoint } from '@pharmaradar/shared/price-history.schema';
import { setApiOrigin } from '../../lib/api/client';
import { formatDateTime, formatPrice } from '../../lib/i18n/format';
import { serveSearchApi } from '../../test/fakes/serve-search-api';
import { json, startTestServer } from '../../test/fakes/search-api-server';
import { renderWithProviders } from '../../test/render';
import { HISTORY_CACHE_KEY, saveHistory } from './history-cache';
import { PriceHistory } from './price-history';

const point = (day: string, price: number, wasPrice: number | null = null): PricePoint => ({
  day,
  price,
  low: price,
  inStock: true,
  wasPrice,
});

const HISTORY: PriceHistoryResponse = {
  cnk: '3720083',
  currency: 'EUR',
  today: '2026-03-14',
  demo: true,
  retailers: [
    {
      retailer: 'farmaline',
      points: [point('2026-03-01', 5.2), point('2026-03-10', 4.79), point('2026-03-14', 4.99)],
      low30: 4.79,
      current: point('2026-03-14', 4.99),
      priorPrice: null,
    },
    {
      retailer: 'medimarket',
      points: [point('2026-03-01', 5.49), point('2026-03-05', 5.3), point('2026-03-12', 4.99, 5.49)],
      low30: 4.99,
      current: point('2026-03-12', 4.99, 5.49),
      priorPrice: { wasPrice: 5.49, lowBefore: 5.3, since: '2026-03-12', misleading: true },
    },
    {
      retailer: 'multipharma',
      points: [point('2026-03-01', 5.6), point('2026-03-13', 5.1, 5.6)],
      low30: 5.1,
      current: point('2026-03-13', 5.1, 5.6),
      priorPrice: { wasPrice: 5.6, lowBefore: 5.6, since: '2026-03-13', misleading: false },
    },
  ],
  low30: 4.79,
  bestPrice: 4.99,
  bestIsLow30: false,
};

/** Text with the narrow and no-break spaces of formatted prices as plain spaces. */
const plain = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

const server = serveSearchApi();
beforeEach(() => localStorage.removeItem(HISTORY_CACHE_KEY));
afterEach(() => vi.restoreAllMocks());

const renderHistory = (locale: 'fr' | 'en' | 'nl') =>
  renderWithProviders(<PriceHistory cnk="3720083" refreshKey={null} />, { locale });

describe('price history on the product page', () => {
  it('shows a chart, its words and a table per shop, the 30-day low and the prior-price flag (fr)', async () => {
    server.handle(json(200, HISTORY));
    renderHistory('fr');
    const shops = await screen.findAllByTestId('history-retailer');
    expect(server.requests.map((r) => r.path)).toEqual(['/api/products/3720083/history/']);
    expect(shops.map((s) => s.getAttribute('data-retailer'))).toEqual(['farmaline', 'medimarket', 'multipharma']);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Historique des prix');
    expect(plain(screen.getByTestId('history-low30'))).toBe('Prix le plus bas des 30 derniers jours : 4,79 €');
    expect(screen.queryByTestId('history-low30-badge')).toBeNull();
    expect(screen.getByText('Historique de démonstration, généré pour les boutiques de démo.')).toBeTruthy();

    const farmaline = shops[0]!;
    // The chart is a drawing: hidden from assistive technology, told in words and as a table.
    const chart = within(farmaline).getByTestId('price-chart');
    expect(chart.getAttribute('aria-hidden')).toBe('true');
    expect(chart.querySelector('path')?.getAttribute('d')).toMatch(
      /^M[\d.]+,[\d.]+H[\d.]+V[\d.]+H[\d.]+V[\d.]+H[\d.]+$/,
    );
    expect(plain(farmaline)).toContain('Farmaline : de 4,79 € à 5,20 € sur 3 jours relevés ; prix actuel 4,99 €.');
    const rows = within(within(farmaline).getByRole('table')).getAllByRole('row');
    expect(rows.map(plain)).toEqual([
      'JourPrixPrix barré',
      `${formatDateTime('2026-03-14T12:00:00Z', 'fr', { day: 'numeric', month: 'short' })}4,99 €–`,
      `${formatDateTime('2026-03-10T12:00:00Z', 'fr', { day: 'numeric', month: 'short' })}4,79 €–`,
      `${formatDateTime('2026-03-01T12:00:00Z', 'fr', { day: 'numeric', month: 'short' })}5,20 €–`,
    ]);
    expect(within(farmaline).queryByTestId('history-prior')).toBeNull();

    const flag = within(shops[1]!).getByTestId('history-prior');
    expect(flag.getAttribute('data-misleading')).toBe('true');
    expect(plain(flag)).toContain('Prix barré 5,49 € supérieur au prix le plus bas de cette pharmacie');
    expect(plain(flag)).toContain('(5,30 €');
    const fair = within(shops[2]!).getByTestId('history-prior');
    expect(fair.getAttribute('data-misleading')).toBe('false');
    expect(plain(fair)).toBe('Prix barré 5,60 € : conforme au prix le plus bas des 30 jours précédant la réduction.');
  });

  it('labels each chart’s axes: its highest and lowest prices, its first and last days (nl)', async () => {
    server.handle(json(200, HISTORY));
    renderHistory('nl');
    const shops = await screen.findAllByTestId('history-retailer');
    const day = (d: string) => formatDateTime(`${d}T12:00:00Z`, 'nl', { day: 'numeric', month: 'short' });
    const axes = (shop: HTMLElement) => [
      plain(within(shop).getByTestId('price-chart-max')),
      plain(within(shop).getByTestId('price-chart-min')),
      [...within(shop).getByTestId('price-chart-days').children].map(plain),
    ];
    // Farmaline: 5,20 € at most, its 30-day low 4,79 € at least; every chart spans the same days.
    expect(axes(shops[0]!)).toEqual(['€ 5,20', '€ 4,79', [day('2026-03-01'), day('2026-03-14')]]);
    expect(axes(shops[2]!)).toEqual(['€ 5,60', '€ 5,10', [day('2026-03-01'), day('2026-03-14')]]);
    // A price on the axis is one unbreakable element, as everywhere.
    expect(within(shops[0]!).getByTestId('price-chart-max').querySelector('[data-price]')).not.toBeNull();
  });

  it("shows the 'lowest price in 30 days' badge when the best price is that low (nl)", async () => {
    server.handle(json(200, { ...HISTORY, demo: false, low30: 4.99, bestIsLow30: true }));
    renderHistory('nl');
    expect((await screen.findByTestId('history-low30-badge')).textContent).toBe('Laagste prijs in 30 dagen');
    expect(screen.getByTestId('history-low30').textContent).toBe(
      `Laagste prijs van de afgelopen 30 dagen: ${formatPrice(4.99, 'nl')}`,
    );
    expect(screen.queryByText(/Demogeschiedenis/)).toBeNull();
  });

  it('says when a product has no history yet (en)', async () => {
    server.handle(json(200, { ...HISTORY, retailers: [], low30: null, bestPrice: null, bestIsLow30: false }));
    renderHistory('en');
    expect((await screen.findByTestId('history-empty')).textContent).toBe(
      'No price history yet: it builds up with every search for this product.',
    );
    expect(screen.queryByTestId('history-low30')).toBeNull();
  });

  it('shows an error with a retry that loads the history (en)', async () => {
    server.handle(json(500, { code: 'internal', detail: 'x' }));
    renderHistory('en');
    const alert = await screen.findByTestId('history-error');
    expect(alert.textContent).toContain('Unable to load the price history. Please try again.');
    server.handle(json(200, HISTORY));
    within(alert).getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findAllByTestId('history-retailer')).toHaveLength(3);
  });

  it('offline, shows the history saved on this device with its time, or says it is unavailable', async () => {
    const gone = await startTestServer();
    await gone.close();
    setApiOrigin(gone.url);
    try {
      const view = renderHistory('fr');
      expect((await screen.findByTestId('history-offline')).textContent).toContain(
        "L'historique des prix n'est pas disponible hors ligne pour ce produit.",
      );
      view.unmount();
      const savedAt = Date.UTC(2026, 2, 14, 9, 30);
      saveHistory(HISTORY, savedAt);
      renderHistory('fr');
      expect((await screen.findByTestId('history-saved')).textContent).toBe(
        `Historique enregistré sur cet appareil le ${formatDateTime(savedAt, 'fr')}.`,
      );
      expect(screen.getAllByTestId('history-retailer')).toHaveLength(3);
    } finally {
      setApiOrigin(server.url);
    }
  });

  it('keeps what it loads for offline use', async () => {
    server.handle(json(200, HISTORY));
    renderHistory('fr');
    await screen.findAllByTestId('history-retailer');
    await waitFor(() => expect(localStorage.getItem(HISTORY_CACHE_KEY)).toContain('"cnk":"3720083"'));
  });
});
