import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING_SETTINGS } from '@pharmaradar/shared/pricing.schema';
import type { ProProductEvent } from '@pharmaradar/shared/pro.schema';
import { db } from '../../db/db';
import { sendJson } from '../../test/fakes/http-server';
import { renderWithProviders } from '../../test/render';
import { ProductMode } from './product-mode';
import { serveProApi } from './pro-api.test-support';

// docs/decisions/154, 161: the product card shows the official name and pack
// beside the shop's title; a pack the official catalogue excludes is not priced and the card says why.

const FOUND = '0123456';
const EXCLUDED = '1111111';
const events: Record<string, ProProductEvent> = {
  [FOUND]: {
    cnk: FOUND,
    status: 'found',
    product: {
      cnk: FOUND,
      name: 'DAFALGAN 500MG TABL 30',
      brand: null,
      image: null,
      slug: null,
      offers: [
        {
          retailer: 'farmaline',
          name: 'DAFALGAN 500MG TABL 30',
          price: 4.5,
          currency: 'EUR',
          url: null,
          best: true,
          brand: null,
          cnk: FOUND,
          searchedCode: FOUND,
          image: null,
          inStock: true,
        },
      ],
    },
    retailers: [],
    fetchedAt: new Date().toISOString(),
    cached: false,
    official: { name: 'Dafalgan 500 mg', packName: 'Dafalgan 500 mg comp. 30', pack: '30', marketed: true },
  } as ProProductEvent,
  [EXCLUDED]: {
    cnk: EXCLUDED,
    status: 'excluded',
    exclusion: 'prescription',
    product: null,
    retailers: [],
    fetchedAt: new Date().toISOString(),
    cached: false,
    official: { name: 'Strong 10 mg', packName: null, pack: '20', marketed: true },
  },
};

serveProApi((req, res) => {
  if (req.path === '/api/pro/usage/cost/') {
    return sendJson(res, 200, {
      quota: 2000,
      used: 0,
      resetsOn: '2026-12-01',
      remaining: 2000,
      cost: 1,
      alreadyCharged: 0,
      invalid: 0,
      excluded: 0,
      fits: true,
    });
  }
  if (req.path !== '/api/pro/prices/') return sendJson(res, 404, { code: 'not_found', detail: 'Not found.' });
  const [cnk] = (JSON.parse(req.body) as { cnks: string[] }).cnks;
  res.writeHead(200, { 'Content-Type': 'text/event-stream' });
  res.write(`event: product\ndata: ${JSON.stringify(events[cnk!])}\n\n`);
  res.end(`event: done\ndata: ${JSON.stringify({ count: 0, quota: 2000, used: 0, resetsOn: '2026-12-01' })}\n\n`);
});

function price(cnk: string) {
  renderWithProviders(<ProductMode settings={DEFAULT_PRICING_SETTINGS} onUsage={() => undefined} />, {
    locale: 'en',
  });
  fireEvent.change(screen.getByRole('textbox', { name: 'CNK' }), { target: { value: cnk } });
  fireEvent.click(screen.getByRole('button', { name: 'Get prices' }));
}

describe('product mode and the official catalogue', () => {
  it("shows the official name and pack beside the shop's title", async () => {
    price(FOUND);
    const card = await screen.findByTestId('pro-product-card');
    expect(card.querySelector('h3')!.textContent).toBe('DAFALGAN 500MG TABL 30');
    expect(screen.getByTestId('pro-product-official').textContent).toBe('Official name: Dafalgan 500 mg comp. 30');
    // Kept with the stored answer for the group table and the export.
    expect((await db.proOffers.get(FOUND))?.official?.packName).toBe('Dafalgan 500 mg comp. 30');
    // The pricing ends (figures read back, button free) before the test does: no update after teardown.
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Get prices' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it('says why an excluded pack is not priced, with its official name, and shows no card', async () => {
    price(EXCLUDED);
    const alert = await screen.findByTestId('pro-product-excluded');
    expect(alert.textContent).toBe(
      'Prescription-only medicine according to the official catalogue: it is not compared (no online pharmacy asked, nothing counted). Official name: Strong 10 mg (20)',
    );
    expect(screen.queryByTestId('pro-product-card')).toBeNull();
    expect(await db.proOffers.get(EXCLUDED)).toMatchObject({ status: 'excluded', exclusion: 'prescription' });
  });
});
