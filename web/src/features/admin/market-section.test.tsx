import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminMarket } from '@pharmaradar/shared/admin.schema';
import { serveAuthApi, testUser } from '../../test/fakes/auth-api-server';
import { renderWithProviders } from '../../test/render';
import { MarketSection } from './market-section';

const api = serveAuthApi();

// 12,000 CNKs at one request every 2 s: 24,000 s, 6.7 h a pass at the floor. Multipharma answers in
// 3 s, so one request at a time takes it 36,000 s, 10 h; Farmaline answers within the interval.
const MARKET: AdminMarket = {
  wanted: 12000,
  fresh_hours: 24,
  interval_ms: 2000,
  floor_pass_ms: 24_000_000,
  full_pass_ms: 36_000_000,
  shops: [
    { retailer: 'farmaline', fresh: 12000, response_ms: 800, pass_ms: 24_000_000 },
    { retailer: 'multipharma', fresh: 9000, response_ms: 3000, pass_ms: 36_000_000 },
  ],
};
const FAST: AdminMarket = {
  ...MARKET,
  full_pass_ms: 24_000_000,
  shops: MARKET.shops.map((s) => ({ ...s, response_ms: 20, pass_ms: 24_000_000 })),
};

function serveMarket(market: AdminMarket | null) {
  api.user = testUser({ id: 1, email: 'boss@example.be', is_staff: true });
  api.on('GET /api/admin/market/', { body: { market } });
}

async function rowOf(name: string) {
  const rows = await screen.findAllByTestId('admin-market-row');
  return rows.find((row) => within(row).queryByRole('rowheader', { name }))!;
}

const text = async (testId: string) => (await screen.findByTestId(testId)).textContent;

describe('the /admin market panel', () => {
  it('shows the wanted CNKs, the measured pass set by the slowest shop beside the floor, and each shop (fr)', async () => {
    serveMarket(MARKET);
    renderWithProviders(<MarketSection />, { locale: 'fr', route: '/admin', session: true });
    expect(await screen.findByRole('heading', { name: 'Marché tenu à jour' })).toBeTruthy();
    expect(await text('admin-market-summary')).toMatch(/^12\s000 CNK demandés ; un prix reste frais 24 h\.$/);
    expect(await text('admin-market-pass')).toMatch(
      /^Un passage complet prend 10\sh : multipharma répond en 3\ss \(mesuré\), plus lentement que le plancher configuré d’une requête toutes les 2 s par pharmacie, qui à lui seul prendrait 6,7\sh\.$/,
    );
    const whole = await rowOf('farmaline');
    expect(whole.textContent).toMatch(/12\s000 sur 12\s000/);
    expect(whole.textContent).toMatch(/100\s%/);
    expect(whole.textContent).toMatch(/0,8\ss6,7\sh$/);
    expect(whole.className).not.toContain('admin-row--bad');
    const behind = await rowOf('multipharma');
    expect(behind.textContent).toMatch(/9\s000 sur 12\s000/);
    expect(behind.textContent).toMatch(/75\s%/);
    expect(behind.textContent).toMatch(/3\ss10\sh$/);
    expect(behind.className).toContain('admin-row--bad');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Pharmacie',
      'Prix frais',
      'Part fraîche',
      'Réponse (mesurée)',
      'Passage complet',
    ]);
  });

  it('says the configured floor sets the pace when every shop answers faster, numbers as in Belgium (en)', async () => {
    serveMarket(FAST);
    renderWithProviders(<MarketSection />, { locale: 'en', route: '/admin', session: true });
    expect(await text('admin-market-summary')).toBe('12.000 CNKs wanted; a price stays fresh 24 h.');
    expect(await text('admin-market-pass')).toMatch(
      /^A full pass takes 6,7\shrs, the configured floor of one request every 2 s per shop: every shop answers faster \(measured\)\.$/,
    );
    expect((await rowOf('farmaline')).textContent).toMatch(/0,02\ssecs6,7\shrs$/);
  });

  it('gives a lower bound, and says so, while a shop has no measured response time (nl)', async () => {
    serveMarket({ ...FAST, shops: [FAST.shops[0]!, { ...FAST.shops[1]!, response_ms: null }] });
    renderWithProviders(<MarketSection />, { locale: 'nl', route: '/admin', session: true });
    expect(await text('admin-market-pass')).toMatch(
      /^Een volledige ronde duurt minstens 6,7\suur: de antwoordtijd van één apotheek is nog niet gemeten\. De ingestelde ondergrens, één verzoek per 2 s per apotheek, is 6,7\suur\.$/,
    );
    expect((await rowOf('multipharma')).textContent).toContain('nog niet gemeten');
  });

  it('says one CNK in the singular (nl)', async () => {
    serveMarket({
      ...MARKET,
      wanted: 1,
      floor_pass_ms: 2000,
      full_pass_ms: 2000,
      shops: [{ retailer: 'farmaline', fresh: 1, response_ms: 20, pass_ms: 2000 }],
    });
    renderWithProviders(<MarketSection />, { locale: 'nl', route: '/admin', session: true });
    expect(await text('admin-market-summary')).toBe('1 CNK gevraagd; een prijs blijft 24 u vers.');
    expect(await text('admin-market-pass')).toMatch(/^Een volledige ronde duurt 2\ssec,/);
  });

  it('says when no CNK is wanted yet (nl)', async () => {
    serveMarket({ ...MARKET, wanted: 0, floor_pass_ms: 0, full_pass_ms: 0, shops: [] });
    renderWithProviders(<MarketSection />, { locale: 'nl', route: '/admin', session: true });
    expect(await screen.findByText('Nog geen CNK gevraagd: de markt heeft niets actueel te houden.')).toBeTruthy();
  });
});
