import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PRICING_SETTINGS } from '@pharmaradar/shared/pricing.schema';
import { db } from '../../db/db';
import { sendJson } from '../../test/fakes/http-server';
import { renderWithProviders } from '../../test/render';
import { holdOffersStore } from './data/hold-offers.test-support';
import { proStore } from './data/pro-store';
import { ProductMode } from './product-mode';
import { serveProApi } from './pro-api.test-support';

// The batch pricing endpoint is a scripted loopback server answering one CNK at two shops.
const offer = (retailer: string, price: number) => ({
  retailer,
  name: 'Dafalgan 500 mg',
  price,
  currency: 'EUR',
  url: null,
  best: false,
  brand: null,
  cnk: '0123456',
  searchedCode: '0123456',
  image: null,
  inStock: true,
});

// What the official catalogue says the CNK is (POST /api/pro/catalogue/); null: it does not know it.
let kind: 'medicine' | 'non-medicinal' | null = 'medicine';
// Set by a test: the device is slow to store the answer (the offers store is held until released).
let slowDevice = false;
let release: (() => void) | null = null;
afterEach(() => {
  release?.();
  release = null;
  slowDevice = false;
});

const api = serveProApi((req, res) => {
  if (req.path === '/api/pro/catalogue/')
    return sendJson(res, 200, {
      catalogue: { version: 'test', referenceDate: '2026-11-01' },
      facts: [{ cnk: '0123456', known: kind !== null, kind, exclusion: null, official: null }],
    });
  if (req.path !== '/api/pro/prices/') return sendJson(res, 404, { code: 'not_found', detail: 'Not found.' });
  if (slowDevice) release = holdOffersStore();
  res.writeHead(200, { 'Content-Type': 'text/event-stream' });
  const product = {
    cnk: '0123456',
    status: 'found',
    product: {
      cnk: '0123456',
      name: 'Dafalgan 500 mg',
      brand: null,
      image: null,
      slug: null,
      offers: [offer('medimarket', 9), offer('farmaline', 10)],
    },
    retailers: [],
    fetchedAt: new Date().toISOString(),
    cached: false,
  };
  res.write(`event: product\ndata: ${JSON.stringify(product)}\n\n`);
  res.end(`event: done\ndata: ${JSON.stringify({ count: 1, quota: 2000, used: 1, resetsOn: '2026-12-01' })}\n\n`);
});

/** What a screen reader says after the field's name: the texts its aria-describedby points at. */
const description = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();

async function priceOne(officialKind: typeof kind = 'medicine') {
  kind = officialKind;
  renderWithProviders(<ProductMode settings={DEFAULT_PRICING_SETTINGS} onUsage={() => undefined} />, {
    locale: 'fr',
  });
  fireEvent.change(screen.getByRole('textbox', { name: 'CNK' }), { target: { value: '0123456' } });
  const button = screen.getByRole('button', { name: 'Voir les prix' });
  fireEvent.click(button);
  const card = await screen.findByTestId('pro-product-card');
  // Done only once the remembered figures are read back and the button is free again: a test that
  // ended earlier would leave the screen updating after the page is gone.
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  return card;
}

describe('product mode', () => {
  it('names the shops as they name themselves, never by their ids', async () => {
    const card = await priceOne();
    const offers = within(card)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(offers[0]).toMatch(/^Medi\u2011Market 9,00\s€/);
    expect(offers[1]).toMatch(/^Farmaline 10,00\s€/);
    expect(card.textContent).not.toContain('medimarket');
  });

  it('keeps each figure with its label: label/value pairs, in order', async () => {
    const card = await priceOne();
    const figures = (await within(card).findAllByRole('term'))[0]!.closest('dl')!;
    // Each label and its value share one box of the flowing grid, so no label reads beside another value.
    const pairs = [...figures.children].map((item) => [...item.children].map((c) => c.tagName));
    expect(pairs).toEqual(Array(6).fill(['DT', 'DD']));
    const read = [...figures.children].map((item) => [
      item.querySelector('dt')!.textContent,
      item.querySelector('dd')!.textContent?.replace(/\s/g, ' '),
    ]);
    expect(read.map(([label]) => label)).toEqual([
      "Prix d'achat conseillé (HTVA)",
      'Prix de vente conseillé (TVAC)',
      'Marge visée',
      'Marge au prix catalogue',
      'Écart vs meilleur prix',
      'Remise négociable',
    ]);
    // The selling price (the median of 9 and 10 €) is read under its own label.
    expect(read[1]).toEqual(['Prix de vente conseillé (TVAC)', '9,50 €']);
    expect(read[2]).toEqual(['Marge visée', '30 %']);
  });

  it('takes the VAT of the product kind the official catalogue gives, and says so', async () => {
    const card = await priceOne('non-medicinal');
    const vat = within(card).getByRole('textbox', { name: 'TVA (%)' }) as HTMLInputElement;
    expect(vat.value).toBe('21');
    expect(description(vat)).toBe('TVA d’un produit non médicamenteux (catalogue officiel)');
    // 30 % margin on 9,50 € incl. 21 % VAT: 9,50 / 1,21 × 0,70.
    expect(within(card).getByTestId('card-purchase').textContent?.replace(/\s/g, ' ')).toBe('5,50 €');
  });

  it('prices nothing from an assumed rate when the kind is unknown, until the pharmacist sets the VAT', async () => {
    const card = await priceOne(null);
    const vat = within(card).getByRole('textbox', { name: 'TVA (%)' }) as HTMLInputElement;
    expect(vat.value).toBe('');
    expect(description(vat)).toBe('TVA à choisir : nature du produit inconnue');
    expect(within(card).getByTestId('pro-product-vat-needed').textContent).toMatch(/^Choisissez la TVA/);
    expect(within(card).queryByTestId('card-purchase')).toBeNull();
    fireEvent.change(vat, { target: { value: '6' } });
    expect(within(card).queryByTestId('pro-product-vat-needed')).toBeNull();
    expect(within(card).getByTestId('card-purchase').textContent?.replace(/\s/g, ' ')).toBe('6,27 €');
    expect(description(vat)).toBe('TVA choisie par vous');
  });
});

// Offline, the Pro tool reads the prices stored on the device: a price the card shows must already be
// stored, so a reload offline right then shows the same.
describe('product mode: a price shown is stored', () => {
  beforeEach(() => db.proOffers.clear());

  it('shows the card only once its offers are stored on the device', async () => {
    slowDevice = true;
    renderWithProviders(<ProductMode settings={DEFAULT_PRICING_SETTINGS} onUsage={() => undefined} />, {
      locale: 'fr',
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'CNK' }), { target: { value: '0123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Voir les prix' }));
    await waitFor(() => expect(api.received.some((r) => r.path === '/api/pro/prices/')).toBe(true));
    // The answer is in, not stored yet: no price on screen.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.queryByTestId('pro-product-card')).toBeNull();

    release?.();
    const card = await screen.findByTestId('pro-product-card');
    expect(within(card).getAllByRole('listitem')).toHaveLength(2);
    expect((await db.proOffers.get('0123456'))?.offers).toEqual([9, 10]);
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Voir les prix' }).disabled).toBe(false),
    );
  });
});

// The card's purchase price is the product's line in every group holding it (docs/decisions/216): the
// same write as the group table's, each field on its own.
describe('product mode: the purchase price reaches the groups', () => {
  const GROUP = '6f1c1e1a-8d4b-4a8e-9c55-2f7d9b0e1a11';
  beforeEach(async () => {
    await Promise.all([db.proGroups.clear(), db.proOutbox.clear(), db.proCatalogue.clear()]);
    await db.proGroups.put({
      id: GROUP,
      name: 'Comptoir',
      description: '',
      cnks: ['0123456'],
      lines: { '0123456': { vat: 21, vatFrom: 'file' } },
      updatedAt: 1,
      deleted: false,
    });
  });
  const priceField = () => screen.getByRole('textbox', { name: 'Prix d’achat catalogue HTVA (€)' });

  it('writes the typed price ("12,50") into the group’s line, leaving the line’s VAT as it was', async () => {
    await priceOne();
    fireEvent.change(priceField(), { target: { value: '12,50' } });
    await waitFor(async () =>
      expect((await db.proGroups.get(GROUP))?.lines?.['0123456']).toEqual({ price: 12.5, vat: 21, vatFrom: 'file' }),
    );
    expect((await db.proOutbox.toArray()).map((e) => e.id)).toContain(GROUP);
  });

  it('shows the remembered price as the group table does ("12,50"), and it reads back unchanged', async () => {
    await proStore.saveLines([{ cnk: '0123456', purchaseExVat: 12.5 }]);
    await priceOne();
    expect((priceField() as HTMLInputElement).value).toBe('12,50');
    expect(screen.queryByText('Saisissez un prix comme 12,50, ou laissez vide.')).toBeNull();
  });

  it('refuses what is not a price with a translated error, and changes nothing', async () => {
    await db.proGroups.update(GROUP, { lines: { '0123456': { price: 3.5, vat: 21, vatFrom: 'file' } } });
    await priceOne();
    fireEvent.change(priceField(), { target: { value: '3,5x' } });
    expect(await screen.findByText('Saisissez un prix comme 12,50, ou laissez vide.')).toBeTruthy();
    expect(priceField().getAttribute('aria-invalid')).toBe('true');
    expect((await db.proGroups.get(GROUP))?.lines?.['0123456']).toEqual({ price: 3.5, vat: 21, vatFrom: 'file' });
    expect(await db.proOutbox.count()).toBe(0);
  });
});
