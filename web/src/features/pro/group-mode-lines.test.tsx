import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRICING_SETTINGS } from '@pharmaradar/shared/pricing.schema';
import { db } from '../../db/db';
import { renderWithProviders } from '../../test/render';
import { GroupMode } from './group-mode';
import { openGroup } from './group-mode.test-support';

// A group's lines are the truth (docs/decisions/191): a saved group shows them as soon as it is open,
// and a purchase price typed in the table is the product's line in every group holding it, kept and
// queued for sync in one transaction (docs/decisions/216). Offline: nothing here needs the network.
const ID = '6f1c1e1a-8d4b-4a8e-9c55-2f7d9b0e1a11';
const OTHER = '0b7e2f4c-1d2a-4c3b-9e8f-6a5b4c3d2e1f';

beforeEach(async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  await Promise.all([db.proGroups.clear(), db.proOffers.clear(), db.proOutbox.clear(), db.proCatalogue.clear()]);
  await db.proGroups.bulkPut([
    {
      id: ID,
      name: 'Comptoir',
      description: '',
      // 1000002 was added by hand: no line yet.
      cnks: ['1000001', '1000002'],
      lines: { '1000001': { vat: 6, vatFrom: 'file', price: 3.5, name: 'Dafalgan 30' } },
      updatedAt: 1,
      deleted: false,
    },
  ]);
  await db.proOffers.put({
    cnk: '1000001',
    name: 'Dafalgan',
    status: 'found',
    offers: [10, 12, 14],
    fetchedAt: new Date().toISOString(),
  });
});
afterEach(() => vi.restoreAllMocks());

const bodyRows = () => within(screen.getByTestId('pro-group-table')).getAllByRole('row').slice(2);
const row = (cnk: string) => bodyRows().find((r) => r.getAttribute('data-cnk') === cnk)!;

describe('a saved group, freshly opened', () => {
  it.each([
    ['fr', 'Pas encore analysé', 'Prix d’achat HTVA de Dafalgan 30', '3,50', 'Analyser'],
    ['nl', 'Nog niet geanalyseerd', 'Aankoopprijs excl. btw van Dafalgan 30', '3,50', 'Analyseren'],
    ['en', 'Not analysed yet', 'Purchase price excl. VAT of Dafalgan 30', '3,50', 'Analyse'],
  ] as const)(
    '%s: shows its lines at once, the market columns "not analysed" until Analyse',
    async (locale, mark, label, price, analyse) => {
      await openGroup(ID, locale);
      const table = await screen.findByTestId('pro-group-table');
      expect(bodyRows().map((r) => r.getAttribute('data-cnk'))).toEqual(['1000001', '1000002']);
      expect(row('1000001').textContent).toContain('Dafalgan 30');
      expect((within(table).getByRole('textbox', { name: label }) as HTMLInputElement).value).toBe(price);
      expect((within(row('1000001')).getByTestId('row-vat') as HTMLSelectElement).value).toBe('6');
      expect(bodyRows().map((r) => r.getAttribute('data-mark'))).toEqual(['not_analysed', 'not_analysed']);
      expect(row('1000001').textContent).toContain(mark);
      expect(screen.getByTestId('pro-not-analysed').textContent).toContain(mark);
      // No market price is shown before the pharmacist asks for one, not even a stored one.
      expect(within(row('1000001')).getByTestId('row-sell').textContent).toBe('—');

      fireEvent.click(screen.getByRole('button', { name: analyse }));
      await waitFor(() => expect(row('1000001').getAttribute('data-mark')).toBe('priced'));
      expect(screen.queryByTestId('pro-not-analysed')).toBeNull();
      expect(within(row('1000001')).getByTestId('row-sell').textContent).not.toBe('—');
    },
  );
});

describe('a purchase price typed in the table', () => {
  const priceField = (cnk: string) => within(row(cnk)).getByTestId('row-purchase-price') as HTMLInputElement;
  const type = (cnk: string, text: string, key = 'Enter') => {
    fireEvent.change(priceField(cnk), { target: { value: text } });
    fireEvent.keyDown(priceField(cnk), { key });
  };

  it('gives a CNK added by hand its price ("12,50"), kept in the line, queued once and known for the product', async () => {
    await openGroup(ID, 'fr');
    await screen.findByTestId('pro-group-table');
    type('1000002', '12,50');
    await waitFor(async () => expect((await db.proGroups.get(ID))?.lines?.['1000002']).toEqual({ price: 12.5 }));
    expect(await db.proOutbox.count()).toBe(1);
    expect((await db.proCatalogue.get('1000002'))?.purchaseExVat).toBe(12.5);
    await waitFor(() => expect(priceField('1000002').value).toBe('12,50'));
  });

  it('recomputes the row from the new price ("12.50" too), and an empty field clears it', async () => {
    await openGroup(ID, 'en');
    fireEvent.click(await screen.findByRole('button', { name: 'Analyse' }));
    await waitFor(() => expect(row('1000001').getAttribute('data-mark')).toBe('priced'));
    const margin = () => row('1000001').querySelectorAll('td.pro-num')[5]!.textContent;
    const before = margin();
    type('1000001', '2.50');
    await waitFor(() => expect(margin()).not.toBe(before));
    expect((await db.proGroups.get(ID))?.lines?.['1000001']).toMatchObject({ price: 2.5, vat: 6 });
    // Leaving the field saves too; empty clears the price and keeps the rest of the line.
    fireEvent.change(priceField('1000001'), { target: { value: '' } });
    fireEvent.blur(priceField('1000001'));
    await waitFor(async () =>
      expect((await db.proGroups.get(ID))?.lines?.['1000001']).toEqual({
        vat: 6,
        vatFrom: 'file',
        name: 'Dafalgan 30',
      }),
    );
    expect(await db.proOutbox.count()).toBe(2);
  });

  it.each([
    ['fr', 'Saisissez un prix comme 12,50, ou laissez vide.'],
    ['nl', 'Geef een prijs in zoals 12,50, of laat het veld leeg.'],
  ] as const)(
    '%s: refuses what is not a price with a translated error, and changes nothing',
    async (locale, message) => {
      await openGroup(ID, locale);
      await screen.findByTestId('pro-group-table');
      type('1000001', '12,5x');
      const alert = await within(row('1000001')).findByRole('alert');
      expect(alert.textContent).toBe(message);
      expect(priceField('1000001').getAttribute('aria-invalid')).toBe('true');
      expect(priceField('1000001').getAttribute('aria-describedby')).toBe(alert.id);
      expect((await db.proGroups.get(ID))?.lines?.['1000001']?.price).toBe(3.5);
      expect(await db.proOutbox.count()).toBe(0);
      // Escape gives the stored price back.
      fireEvent.keyDown(priceField('1000001'), { key: 'Escape' });
      expect(priceField('1000001').value).toBe('3,50');
      expect(within(row('1000001')).queryByRole('alert')).toBeNull();
    },
  );

  it('is the product’s price in every group holding it, each group queued once', async () => {
    await db.proGroups.put({
      id: OTHER,
      name: 'Vitrine',
      description: '',
      cnks: ['1000002'],
      updatedAt: 1,
      deleted: false,
    });
    const view = await openGroupOf(ID);
    type('1000002', '4');
    await waitFor(async () => expect((await db.proGroups.get(OTHER))?.lines?.['1000002']).toEqual({ price: 4 }));
    expect((await db.proGroups.get(ID))?.lines?.['1000002']).toEqual({ price: 4 });
    expect((await db.proOutbox.toArray()).map((e) => e.id).sort()).toEqual([ID, OTHER].sort());
    view.unmount();
  });
});

/** openGroup waits for exactly one stored group; with two, select by value once both are listed. */
async function openGroupOf(id: string) {
  const view = renderWithProviders(<GroupMode settings={DEFAULT_PRICING_SETTINGS} onUsage={() => undefined} />, {
    locale: 'en',
  });
  const select = await screen.findByRole('combobox', { name: 'Group' });
  await waitFor(() => expect(within(select).getAllByRole('option').length).toBe(3));
  fireEvent.change(select, { target: { value: id } });
  await screen.findByTestId('pro-group-table');
  return view;
}
