import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../db/db';
import { sendJson } from '../../../test/fakes/http-server';
import { holdOffersStore } from '../data/hold-offers.test-support';
import { onlineWithOneGroup } from '../data/one-group.test-support';
import { openGroup } from '../group-mode.test-support';
import { pricedEvent, serveProApi, streamPrices } from '../pro-api.test-support';

const ID = '0b6f4f3e-5c1d-4f55-8a7e-1d2c3b4a5f60';
const CNKS = ['1000001', '1000002'];

let release: (() => void) | null = null;

beforeEach(async () => {
  await onlineWithOneGroup({
    id: ID,
    name: 'Comptoir',
    cnks: CNKS,
    lines: { '1000001': { vat: 6 }, '1000002': { vat: 6 } },
  });
});
afterEach(() => {
  release?.();
  release = null;
  vi.restoreAllMocks();
});

// The analysis offline reads the prices stored on the device: what a live run shows as priced must
// be stored by the time the run ends, since the person may reload offline right then.
describe('a live analysis', () => {
  const server = serveProApi((req, res) => {
    if (req.path !== '/api/pro/prices/') return sendJson(res, 404, { code: 'not_found', detail: 'Not found.' });
    // The answers arrive while the device is slow to store them.
    release = holdOffersStore();
    streamPrices(res, [pricedEvent('1000001', 'Dafalgan', [9, 11]), pricedEvent('1000002', 'Arnica', [5])]);
  });

  it('shows a row as priced, and ends, only once its price is stored on the device', async () => {
    await openGroup(ID);
    fireEvent.click(screen.getByRole('button', { name: 'Analyse' }));
    await waitFor(() => expect(server.received.some((r) => r.path === '/api/pro/prices/')).toBe(true));
    // Every answer is in, none stored yet: the run is still under way and no row reads as priced.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.getByTestId('pro-progress')).toBeTruthy();
    const marks = () =>
      within(screen.getByTestId('pro-group-table'))
        .getAllByRole('row')
        .slice(2)
        .map((r) => r.getAttribute('data-mark'));
    expect(marks()).not.toContain('priced');

    release?.();
    await waitFor(() => expect(screen.queryByTestId('pro-progress')).toBeNull(), { timeout: 5000 });
    expect(marks()).toEqual(['priced', 'priced']);
    expect((await db.proOffers.bulkGet(CNKS)).map((r) => r?.offers)).toEqual([[9, 11], [5]]);
  });
});
