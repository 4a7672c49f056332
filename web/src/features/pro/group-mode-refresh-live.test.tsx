import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendJson } from '../../test/fakes/http-server';
import { onlineWithOneGroup } from './data/one-group.test-support';
import { analysedTable, openGroup } from './group-mode.test-support';
import { pricedEvent, serveProApi, streamPrices } from './pro-api.test-support';

// The server answers an analysis from its market store where the prices are fresh there (hours old
// at most); "Refresh N stale rows" asks it to go to the shops now (docs/decisions/234).

const ID = '3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const CNKS = ['1000001', '1000002'];
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

const server = serveProApi((req, res) => {
  if (req.path === '/api/pro/usage/cost/')
    return sendJson(res, 200, {
      quota: 2000,
      used: 2,
      resetsOn: '2026-12-01',
      remaining: 1998,
      cost: 0,
      alreadyCharged: 2,
      invalid: 0,
      excluded: 0,
      fits: true,
    });
  if (req.path === '/api/pro/prices/') {
    const { cnks } = JSON.parse(req.body) as { cnks: string[] };
    // From the store: read by the refresh job three hours ago.
    return streamPrices(
      res,
      cnks.map((cnk) => ({ ...pricedEvent(cnk, `P${cnk}`, [10, 12]), fetchedAt: hoursAgo(3), source: 'market' })),
    );
  }
  return sendJson(res, 500, { code: 'unexpected', detail: 'Not scripted.' });
});
beforeEach(async () => {
  server.received.length = 0;
  await onlineWithOneGroup({
    id: ID,
    name: 'Rhume',
    cnks: CNKS,
    lines: { '1000001': { vat: 6 }, '1000002': { vat: 6 } },
  });
});
afterEach(() => vi.restoreAllMocks());

const pricesBodies = () =>
  server.received.filter((r) => r.path === '/api/pro/prices/').map((r) => JSON.parse(r.body) as unknown);

describe('group mode: analyse from the market, refresh from the shops', () => {
  it('analyses without asking for live prices, and refreshes the stale rows live', async () => {
    await openGroup(ID);
    fireEvent.click(screen.getByRole('button', { name: 'Analyse' }));
    await analysedTable();
    await waitFor(() => expect(pricesBodies()).toHaveLength(1));
    expect(pricesBodies()[0]).toEqual({ cnks: CNKS, lang: 'fr' });
    const refresh = (await screen.findByTestId('pro-refresh-stale')) as HTMLButtonElement;
    await waitFor(() => expect(refresh.disabled).toBe(false));
    fireEvent.click(refresh);
    await waitFor(() => expect(pricesBodies()).toHaveLength(2));
    expect(pricesBodies()[1]).toEqual({ cnks: CNKS, lang: 'fr', live: true });
  });
});
