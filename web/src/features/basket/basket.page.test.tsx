import 'fake-indexeddb/auto';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ShippingResponse } from '@pharmaradar/shared/basket.schema';
import { setApiOrigin } from '../../lib/api/client';
import { sendJson, startLoopbackServer, type LoopbackServer } from '../../test/fakes/http-server';
import { renderWithProviders } from '../../test/render';
import { addToBasket, loadShipping } from '../../db/basket-store';
import { db } from '../../db/db';
import BasketPage from './basket.page';

configure({ asyncUtilTimeout: 5000 });

const TERMS: ShippingResponse = {
  demo: true,
  retailers: [
    { id: 'farmaline', cost: 5, freeFrom: 30 },
    { id: 'multipharma', cost: 5, freeFrom: 30 },
  ],
};

let server: LoopbackServer;
let shippingUp = true;
/** What the server says the official catalogue no longer offers. */
let excludedNow: string[] = [];

beforeAll(async () => {
  server = await startLoopbackServer((req, res) => {
    if (req.path.startsWith('/api/retailers/shipping/') && shippingUp) return sendJson(res, 200, TERMS);
    if (req.path.startsWith('/api/products/offered/')) return sendJson(res, 200, { excluded: excludedNow });
    sendJson(res, 503, { detail: 'Down.', code: 'unavailable' });
  });
  setApiOrigin(server.origin);
});
afterAll(async () => {
  setApiOrigin('');
  await server.close();
});
beforeEach(async () => {
  shippingUp = true;
  excludedNow = [];
  await db.basket.clear();
  await db.basketMeta.clear();
});

const item = (cnk: string, name: string, prices: Record<string, number>) => ({
  cnk,
  name,
  image: null,
  slug: null,
  quantity: 1,
  offers: Object.entries(prices).map(([retailer, price]) => ({ retailer, price, url: null })),
  fetchedAt: '2026-03-14T09:30:00.000Z',
});

const text = (el: HTMLElement) => (el.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('BasketPage', () => {
  it('shows the totals per shop, the cheapest shop and a cheaper split, and names what a shop lacks', async () => {
    await addToBasket(item('1111111', 'Crème X', { farmaline: 30, multipharma: 40 }));
    await addToBasket(item('2222222', 'Sirop Y', { farmaline: 40, multipharma: 30 }));
    await addToBasket(item('3333333', 'Baume Z', { farmaline: 2 }));
    renderWithProviders(<BasketPage />, { locale: 'en' });

    await waitFor(() => expect(text(screen.getByTestId('basket-split-total'))).toBe('Cheapest when split: €62.00.'));
    expect(text(screen.getByTestId('basket-cheapest-single'))).toBe(
      'Cheapest at a single pharmacy: Farmaline, €72.00.',
    );
    expect(text(screen.getByTestId('basket-split-saving'))).toBe('Saves €10.00 over a single pharmacy.');
    expect(text(screen.getByTestId('basket-missing'))).toBe('Missing: Baume Z');
    expect(screen.getAllByTestId('basket-item-age')[0]!.textContent).toMatch(/^Prices of .*2026/);
    // The terms are kept for offline use.
    await waitFor(async () => expect(await loadShipping()).toEqual(TERMS));
  });

  it('never recommends a shop for a product it has out of stock, and names what is sold out everywhere (fr, nl)', async () => {
    const soldOutAt = (retailers: string[]) => (o: { retailer: string; price: number; url: null }) => ({
      ...o,
      inStock: !retailers.includes(o.retailer),
    });
    const x = item('1111111', 'Crème X', { farmaline: 10, multipharma: 25 });
    await addToBasket({ ...x, offers: x.offers.map(soldOutAt(['farmaline'])) });
    await addToBasket(item('2222222', 'Sirop Y', { farmaline: 8, multipharma: 9 }));
    const z = item('3333333', 'Baume Z', { farmaline: 2 });
    await addToBasket({ ...z, offers: z.offers.map(soldOutAt(['farmaline'])) });
    const { unmount } = renderWithProviders(<BasketPage />, { locale: 'fr' });
    // Without the stock, Farmaline would be the single shop (10 + 8 + 2 + 5) and X would be split to it.
    await waitFor(() =>
      expect(text(screen.getByTestId('basket-cheapest-single'))).toBe(
        'Le moins cher chez une seule pharmacie : Multipharma, 34,00 €.',
      ),
    );
    expect(text(screen.getByTestId('basket-out-of-stock'))).toBe(
      'En rupture de stock dans toutes les pharmacies, hors des totaux : Baume Z.',
    );
    expect(screen.queryByTestId('basket-unavailable')).toBeNull();
    unmount();
    renderWithProviders(<BasketPage />, { locale: 'nl' });
    await waitFor(() =>
      expect(text(screen.getByTestId('basket-out-of-stock'))).toBe(
        'Bij geen enkele apotheek op voorraad, niet in de totalen: Baume Z.',
      ),
    );
  });

  it('shows each shop as a card of labelled amounts, each price one unbreakable element, under the table headers (nl)', async () => {
    await addToBasket(item('1111111', 'Crème X', { farmaline: 20.85, multipharma: 12 }));
    await addToBasket(item('2222222', 'Sirop Y', { farmaline: 5 }));
    renderWithProviders(<BasketPage />, { locale: 'nl' });
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getAllByRole('columnheader').map(text)).toEqual([
      'Apotheek',
      'Producten',
      'Verzending',
      'Totaal',
    ]);

    const card = screen.getAllByTestId('basket-retailer').find((el) => el.dataset.retailer === 'farmaline')!;
    expect(text(within(card).getByRole('rowheader'))).toBe('Farmaline');
    const cells = within(card).getAllByRole('cell');
    // Each line of the card: its column's name (drawn for sight only), then the amount.
    expect(cells.map(text)).toEqual(['Producten€ 25,85', 'Verzending€ 5,00gratis vanaf € 30,00', 'Totaal€ 30,85']);
    expect(cells.map((c) => c.querySelector('[aria-hidden="true"]')?.textContent)).toEqual([
      'Producten',
      'Verzending',
      'Totaal',
    ]);
    // Every price, in the cards and in the sentences, is one element holding the whole amount.
    const prices = [...document.querySelectorAll<HTMLElement>('.basket-plan [data-price]')].map(text);
    expect(prices).toEqual(expect.arrayContaining(['€ 25,85', '€ 5,00', '€ 30,00', '€ 30,85']));
    expect(prices.every((p) => /^€ \d+,\d{2}$/.test(p))).toBe(true);
    expect(text(within(card).getByTestId('basket-retailer-total'))).toBe('€ 30,85');

    const other = screen.getAllByTestId('basket-retailer').find((el) => el.dataset.retailer === 'multipharma')!;
    expect(text(within(other).getByTestId('basket-missing'))).toBe('Ontbreekt: Sirop Y');
  });

  it('prices the basket with the stored terms when the server cannot be reached', async () => {
    await db.basketMeta.put({ key: 'shipping', value: TERMS, savedAt: 1 });
    shippingUp = false;
    await addToBasket(item('1111111', 'Crème X', { farmaline: 10 }));
    renderWithProviders(<BasketPage />, { locale: 'fr' });
    await waitFor(() =>
      expect(text(screen.getByTestId('basket-split-total'))).toBe('Le moins cher en répartissant : 15,00 €.'),
    );
  });

  it('leaves a product the official catalogue no longer offers out of the plans, and says so', async () => {
    await addToBasket(item('1111111', 'Crème X', { farmaline: 10 }));
    await addToBasket(item('2222222', 'Sirop Y', { farmaline: 40 }));
    excludedNow = ['2222222'];
    renderWithProviders(<BasketPage />, { locale: 'en' });
    await waitFor(() => expect(text(screen.getByTestId('basket-split-total'))).toBe('Cheapest when split: €15.00.'));
    const row = screen.getAllByTestId('basket-item').find((el) => el.getAttribute('data-cnk') === '2222222')!;
    expect(text(row)).toContain('No longer offered');
    expect(text(screen.getByTestId('basket-unavailable'))).toContain('Sirop Y');
    // Kept so: the stored basket itself no longer prices it (offline too).
    expect((await db.basket.get('2222222'))?.offers).toEqual([]);
  });

  it('changes a quantity and removes a product', async () => {
    await addToBasket(item('1111111', 'Crème X', { farmaline: 10 }));
    renderWithProviders(<BasketPage />, { locale: 'en' });
    const quantity = await screen.findByTestId('basket-quantity');
    fireEvent.change(quantity, { target: { value: '3' } });
    await waitFor(() => expect(text(screen.getByTestId('basket-split-total'))).toBe('Cheapest when split: €30.00.'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Crème X from the basket' }));
    await screen.findByTestId('basket-empty');
  });
});
