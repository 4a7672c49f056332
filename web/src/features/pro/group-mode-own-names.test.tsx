import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/db';
import { setApiLocale } from '../../lib/api/api-locale';
import { sendJson } from '../../test/fakes/http-server';
import { proStore } from './data/pro-store';
import { openGroup } from './group-mode.test-support';
import { pricedEvent, streamPrices, serveProApi } from './pro-api.test-support';

// A Dutch pharmacist's file names the products in Dutch; an analysis shows and keeps
// those names, not the shops' (French) ones, and asks the shops in the interface language (ADR 148).

const ID = '0b7f5c1e-2a3d-4e5f-8a9b-0c1d2e3f4a5b';
const OWN_NAME = 'Paracetamol Teva 500 mg 30 tabletten';
const SHOP_NAME = 'Dafalgan 500 mg 30 comprimés';

const bodies: unknown[] = [];
serveProApi((req, res) => {
  if (req.path !== '/api/pro/prices/') return sendJson(res, 404, { code: 'not_found', detail: 'Not found.' });
  bodies.push(JSON.parse(req.body));
  streamPrices(res, [pricedEvent('1000001', SHOP_NAME, [9]), pricedEvent('1000002', 'Arnica Boiron', [5])]);
});

beforeEach(async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  bodies.length = 0;
  await Promise.all([db.proGroups.clear(), db.proOffers.clear(), db.proCatalogue.clear(), db.proReports.clear()]);
  await db.proGroups.put({
    id: ID,
    name: 'Pijnstillers',
    description: '',
    cnks: ['1000001', '1000002'],
    updatedAt: 1,
    deleted: false,
  });
  // As a group created from a file saves it: the file named the first product, not the second.
  await proStore.saveLines([
    { cnk: '1000001', purchaseExVat: 6.7, vatPercent: 6, name: OWN_NAME },
    { cnk: '1000002', purchaseExVat: null, vatPercent: null, name: null },
  ]);
});
afterEach(() => {
  vi.restoreAllMocks();
  setApiLocale('fr');
});

describe('group mode keeps the pharmacist’s own product names', () => {
  it('shows and reports the file’s name after a live analysis asked in Dutch, the shop’s name where the file had none', async () => {
    setApiLocale('nl');
    await openGroup(ID, 'nl');
    fireEvent.click(screen.getByRole('button', { name: 'Analyseren' }));

    await waitFor(async () => expect(await db.proReports.count()).toBe(1), { timeout: 5000 });
    expect(bodies).toEqual([{ cnks: ['1000001', '1000002'], lang: 'nl' }]);
    const rows = within(screen.getByTestId('pro-group-table')).getAllByRole('row').slice(2);
    expect(rows[0]!.textContent).toContain(OWN_NAME);
    expect(rows[0]!.textContent).not.toContain(SHOP_NAME);
    expect(rows[1]!.textContent).toContain('Arnica Boiron');
    const [report] = await db.proReports.toArray();
    expect(report!.rows.map((r) => r.name)).toEqual([OWN_NAME, 'Arnica Boiron']);
  });

  it('a price typed later, or a file without names, keeps the name a file gave', async () => {
    await proStore.saveLines([{ cnk: '1000001', purchaseExVat: 7.1, vatPercent: 6 }]);
    // A typed price, or a file without a name column, leaves the name out (ADR 151: left out keeps it).
    await proStore.saveLines([{ cnk: '1000001', purchaseExVat: 7.2, vatPercent: 6 }]);
    const known = await proStore.knownLines(['1000001']);
    // Saved without saying where its VAT came from: the line's source stays unknown (ADR 215).
    expect(known.get('1000001')).toEqual({
      cnk: '1000001',
      purchaseExVat: 7.2,
      vatPercent: 6,
      vatSource: null,
      name: OWN_NAME,
    });
    const [group] = await db.proGroups.toArray();
    expect(group!.lines?.['1000001']).toEqual({ price: 7.2, vat: 6, name: OWN_NAME });
  });
});
