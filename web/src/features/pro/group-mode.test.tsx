import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRICING_SETTINGS } from '@pharmaradar/shared/pricing.schema';
import { db } from '../../db/db';
import { sendJson } from '../../test/fakes/http-server';
import { renderWithProviders } from '../../test/render';
import { GroupMode } from './group-mode';
import { analysedTable, openGroup } from './group-mode.test-support';
import { pricedEvent, streamPrices, serveProApi } from './pro-api.test-support';

const ID = '6f1c1e1a-8d4b-4a8e-9c55-2f7d9b0e1a11';
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

// Offline: the analysis is what the device stored, and nothing is asked of the network.
beforeEach(async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  await db.proGroups.clear();
  await db.proOffers.clear();
  await db.proOutbox.clear();
  await db.proGroups.put({
    id: ID,
    name: 'Antidouleurs',
    description: 'Comptoir',
    cnks: ['1000001', '1000002', '1000003', '1000004'],
    // Painkillers, their VAT given (docs/decisions/215: a line without one is not priced).
    lines: { '1000001': { vat: 6 }, '1000002': { vat: 6 }, '1000003': { vat: 6 }, '1000004': { vat: 6 } },
    updatedAt: 1,
    deleted: false,
  });
  await db.proOffers.bulkPut([
    { cnk: '1000001', name: 'Dafalgan', status: 'found', offers: [10, 12, 14], fetchedAt: minutesAgo(5) },
    { cnk: '1000002', name: 'Arnica', status: 'found', offers: [5, 6], fetchedAt: minutesAgo(180) },
    { cnk: '1000003', name: null, status: 'not_found', offers: [], fetchedAt: minutesAgo(5) },
  ]);
});
afterEach(() => vi.restoreAllMocks());

const bodyRows = () => within(screen.getByTestId('pro-group-table')).getAllByRole('row').slice(2);

describe('group mode', () => {
  it('offline: analyses from stored offers, each row with its age or its mark', async () => {
    await openGroup(ID);
    expect(screen.getByText('You are offline: the analysis uses the prices stored on this device.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Analyse' }));
    await analysedTable();
    const rows = bodyRows();
    expect(rows.map((r) => r.getAttribute('data-mark'))).toEqual(['priced', 'priced', 'not_found', 'no_stored_price']);
    expect(rows[0]!.textContent).toContain('5 minutes ago');
    expect(rows[1]!.textContent).toContain('3 hours ago');
    expect(rows[2]!.textContent).toContain('Not found');
    expect(rows[3]!.textContent).toContain('No stored price');
    // No network, so no refresh of the stale rows is offered.
    expect(screen.queryByTestId('pro-refresh-stale')).toBeNull();
  });

  it('sorts by a column (both ways) and filters by column and by mark', async () => {
    await openGroup(ID);
    fireEvent.click(screen.getByRole('button', { name: 'Analyse' }));
    await analysedTable();
    // The header label carries a soft hyphen where the word may break on the counter tablet.
    const sell = screen.getByRole('button', { name: /Recom\u00admended selling price/ });
    fireEvent.click(sell);
    expect(bodyRows().map((r) => r.getAttribute('data-cnk'))).toEqual(['1000002', '1000001', '1000003', '1000004']);
    expect(sell.closest('th')!.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(sell);
    expect(bodyRows()[0]!.getAttribute('data-cnk')).toBe('1000001');
    fireEvent.change(screen.getByRole('textbox', { name: 'Filter Product' }), { target: { value: 'arn' } });
    expect(bodyRows().map((r) => r.getAttribute('data-cnk'))).toEqual(['1000002']);
    expect(screen.getByText('1 of 4 products')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Filter Product' }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), { target: { value: 'no_stored_price' } });
    expect(bodyRows().map((r) => r.getAttribute('data-cnk'))).toEqual(['1000004']);
  });

  it.each([
    ['fr', 'Prix relevés'],
    ['nl', 'Prijzen opgehaald'],
    ['en', 'Prices read'],
  ] as const)('%s: the last column says what its ages are, in full', async (locale, header) => {
    await openGroup(ID, locale);
    fireEvent.click(
      screen.getByRole('button', { name: locale === 'fr' ? 'Analyser' : locale === 'nl' ? 'Analyseren' : 'Analyse' }),
    );
    const table = await analysedTable();
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.at(-1)!.textContent?.replace(/[↕▲▼]/g, '').trim()).toBe(header);
  });

  it('back online, offers to refresh the lines analysed and now stale or left without a price', async () => {
    await openGroup(ID);
    fireEvent.click(screen.getByRole('button', { name: 'Analyse' }));
    await analysedTable();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    // Arnica was read 3 hours ago; Dafalgan and the unknown CNK 5 minutes ago; 1000004 was analysed
    // offline with no stored price. A line never analysed is not counted (group-rows.test.ts).
    expect((await screen.findByTestId('pro-refresh-stale')).textContent).toBe('Refresh 2 stale rows');
  });

  it('renames a group and edits its CNKs, then deletes it after confirmation', async () => {
    await openGroup(ID);
    fireEvent.click(screen.getByRole('button', { name: 'Edit the group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the group' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Group name' }), { target: { value: 'Douleur' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /CNKs/ }), {
      target: { value: '1000001\n1000002\n123456' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the group' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const stored = await db.proGroups.get(ID);
    expect(stored).toMatchObject({ name: 'Douleur', cnks: ['1000001', '1000002', '0123456'], deleted: false });
    expect(screen.getByRole('option', { name: 'Douleur (3)' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this group?' });
    expect(confirm.textContent).toContain('“Douleur”');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect((await db.proGroups.get(ID))?.deleted).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete this group?' })).getByRole('button', {
        name: 'Delete the group',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Douleur (3)' })).toBeNull());
    expect((await db.proGroups.get(ID))?.deleted).toBe(true);
    // Both changes wait in the outbox for the sync.
    expect((await db.proOutbox.toArray()).filter((e) => e.id === ID).length).toBe(2);
  });

  it('shows docs/product.md#messages "Import error." when the import worker fails', async () => {
    // A browser that cannot start the worker (blocked, out of memory): the import step throws.
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new Error('worker failed to start');
        }
      },
    );
    try {
      await openGroup(ID);
      fireEvent.click(screen.getByTestId('pro-group-create-open'));
      const dialog = await screen.findByRole('dialog', { name: 'Create a group' });
      const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
      const file = new File(['CNK\n1000001\n'], 'list.csv', { type: 'text/csv' });
      fireEvent.change(input, { target: { files: [file] } });
      expect((await within(dialog).findByRole('alert')).textContent).toBe('Import error.');
      expect(within(dialog).queryByTestId('pro-import-preview')).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('shows docs/product.md#messages "Unable to create the group." when IndexedDB refuses the save', async () => {
    await openGroup(ID);
    const groupsBefore = await db.proGroups.count();
    // The device's storage is full: every write fails as a browser reports it.
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    fireEvent.click(screen.getByTestId('pro-group-create-open'));
    const dialog = await screen.findByRole('dialog', { name: 'Create a group' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Group name' }), { target: { value: 'Rhume' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /CNKs/ }), { target: { value: '1000001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the group' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Unable to create the group.');
    // The dialog stays open with what was typed, and nothing was stored.
    expect((within(dialog).getByRole('textbox', { name: 'Group name' }) as HTMLInputElement).value).toBe('Rhume');
    vi.restoreAllMocks();
    expect(await db.proGroups.count()).toBe(groupsBefore);
  });

  it.each([
    ['fr', 'Veuillez sélectionner un groupe non vide.'],
    ['nl', 'Selecteer een niet-lege groep.'],
  ] as const)('%s: analysing without a group asks for a non-empty group', async (locale, message) => {
    renderWithProviders(<GroupMode settings={DEFAULT_PRICING_SETTINGS} onUsage={() => undefined} />, { locale });
    fireEvent.click(await screen.findByRole('button', { name: locale === 'fr' ? 'Analyser' : 'Analyseren' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });
});

// Online: a finished live analysis is kept for the report, from the very rows the table shows (priced
// once, ADR 142), once the run's last answers are in. The pricing endpoint is a scripted loopback server.
describe('group mode: the lines of a group (docs/decisions/151)', () => {
  it("prices each line with its own VAT and purchase price, shows the pharmacist's name, and sets a VAT in the table", async () => {
    await db.proCatalogue.clear();
    await db.proGroups.update(ID, {
      lines: { '1000001': { vat: 21, price: 6, name: 'Crème de jour (mon nom)' } },
    });
    await openGroup(ID);
    fireEvent.click(screen.getByRole('button', { name: 'Analyse' }));
    await analysedTable();
    const [first, second] = bodyRows();
    expect(first!.textContent).toContain('Crème de jour (mon nom)');
    expect((within(first!).getByTestId('row-vat') as HTMLSelectElement).value).toBe('21');
    // Median 12 € incl. 21 % VAT, 30 % ideal margin: 6.94 € excl. VAT; at 6 % it would be 7.92 €.
    expect(first!.textContent).toContain('6.94');
    // The advised purchase price excl. VAT follows the line's VAT.
    const before = second!.textContent;
    // A line without VAT is "VAT to set" and not priced at an assumed rate (docs/decisions/215).
    const vat = within(second!).getByRole('combobox', { name: 'VAT of Arnica' });
    expect((vat as HTMLSelectElement).value).toBe('');
    expect(within(second!).getByTestId('row-purchase').textContent).toBe('—');
    fireEvent.change(vat, { target: { value: '21' } });
    await waitFor(() => expect(bodyRows()[1]!.textContent).not.toBe(before));
    expect((within(bodyRows()[1]!).getByTestId('row-vat') as HTMLSelectElement).value).toBe('21');
    // Kept in the group's lines and queued for sync, and known for the product on this device.
    const stored = await db.proGroups.get(ID);
    expect(stored?.lines?.['1000002']).toEqual({ vat: 21, vatFrom: 'pharmacist' });
    expect(stored?.lines?.['1000001']).toEqual({ vat: 21, price: 6, name: 'Crème de jour (mon nom)' });
    expect(await db.proOutbox.count()).toBe(1);
    expect((await db.proCatalogue.get('1000002'))?.vatPercent).toBe(21);
  });

  it('sets one VAT for every line without one at once, and hides the bar when nothing is left to do', async () => {
    await db.proCatalogue.clear();
    await db.proOutbox.clear();
    await db.proGroups.update(ID, {
      lines: { '1000001': { vat: 21, price: 6, name: 'Crème de jour (mon nom)' } },
    });
    await openGroup(ID);
    fireEvent.click(screen.getByRole('button', { name: 'Analyse' }));
    await analysedTable();
    const withoutVat = bodyRows().filter(
      (row) => (within(row).getByTestId('row-vat') as HTMLSelectElement).value === '',
    );
    expect(withoutVat.length).toBeGreaterThan(1);
    fireEvent.click(screen.getByTestId('pro-select-vat-to-set'));
    expect(screen.getByTestId('pro-vat-bar').textContent).toContain(`${withoutVat.length}`);
    fireEvent.change(screen.getByTestId('pro-bulk-vat'), { target: { value: '21' } });
    fireEvent.click(screen.getByTestId('pro-apply-vat'));
    await waitFor(() =>
      expect(bodyRows().map((row) => (within(row).getByTestId('row-vat') as HTMLSelectElement).value)).not.toContain(
        '',
      ),
    );
    // Every line now has a VAT and none is selected: the bar has nothing left to offer.
    await waitFor(() => expect(screen.queryByTestId('pro-vat-bar')).toBeNull());
    const stored = await db.proGroups.get(ID);
    expect(stored?.lines?.['1000002']).toEqual({ vat: 21, vatFrom: 'pharmacist' });
  });
});

describe('group mode online', () => {
  const notFound = (cnk: string) => ({ ...pricedEvent(cnk, '', []), status: 'not_found', product: null });
  serveProApi((req, res) => {
    if (req.path !== '/api/pro/prices/') return sendJson(res, 404, { code: 'not_found', detail: 'Not found.' });
    streamPrices(res, [
      pricedEvent('1000001', 'Dafalgan', [9, 11, 13]),
      pricedEvent('1000002', 'Arnica', [5, 6]),
      notFound('1000003'),
      pricedEvent('1000004', 'Ibuprofen', [4]),
    ]);
  });

  it('records the finished analysis with the cards the table shows', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    await db.proReports.clear();
    await openGroup(ID);
    fireEvent.click(screen.getByRole('button', { name: 'Analyse' }));
    await waitFor(async () => expect(await db.proReports.count()).toBe(1), { timeout: 5000 });
    const [report] = await db.proReports.toArray();
    expect(report!.groupId).toBe(ID);
    // The live answers, not the stored ones: Dafalgan's median is now 11 €, the fourth CNK is priced.
    expect(report!.rows.map((r) => [r.cnk, r.status, r.lowestOffer, r.sellPriceInclVat])).toEqual([
      ['1000001', 'priced', 9, 11],
      ['1000002', 'priced', 5, 5.5],
      ['1000003', 'not_found', null, null],
      ['1000004', 'priced', 4, 4],
    ]);
    expect(bodyRows().map((r) => r.getAttribute('data-mark'))).toEqual(['priced', 'priced', 'not_found', 'priced']);
  });
});
