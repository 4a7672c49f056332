import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminMarket } from '@pharmaradar/shared/admin.schema';
import { serveAuthApi, testUser } from '../../test/fakes/auth-api-server';
import { renderWithProviders } from '../../test/render';
import { MarketSection } from './market-section';

const api = serveAuthApi();

// 12,000 CNKs at one request every 2 s: 24,000 s, 6.7 h a pass.
const MARKET: AdminMarket = {
  wanted: 12000,
  fresh_hours: 24,
  interval_ms: 2000,
  full_pass_ms: 24_000_000,
  shops: [
    { retailer: 'farmaline', fresh: 12000 },
    { retailer: 'multipharma', fresh: 9000 },
  ],
};

function serveMarket(market: AdminMarket | null) {
  api.user = testUser({ id: 1, email: 'boss@example.be', is_staff: true });
  api.on('GET /api/admin/market/', { body: { market } });
}

async function rowOf(name: string) {
  const rows = await screen.findAllByTestId('admin-market-row');
  return rows.find((row) => within(row).queryByRole('rowheader', { name }))!;
}

describe('the /admin market panel', () => {
  it('shows the wanted CNKs, a full pass at the set rate, and the share fresh per shop (fr)', async () => {
    serveMarket(MARKET);
    renderWithProviders(<MarketSection />, { locale: 'fr', route: '/admin', session: true });
    expect(await screen.findByRole('heading', { name: 'Marché tenu à jour' })).toBeTruthy();
    expect((await screen.findByTestId('admin-market-summary')).textContent).toMatch(
      /^12\s000 CNK demandés\. Un passage complet prend 6,7\sh, à une requête toutes les 2 s par pharmacie ; un prix reste frais 24 h\.$/,
    );
    const whole = await rowOf('farmaline');
    expect(whole.textContent).toMatch(/12\s000 sur 12\s000/);
    expect(whole.textContent).toMatch(/100\s%/);
    expect(whole.className).not.toContain('admin-row--bad');
    const behind = await rowOf('multipharma');
    expect(behind.textContent).toMatch(/9\s000 sur 12\s000/);
    expect(behind.textContent).toMatch(/75\s%/);
    expect(behind.className).toContain('admin-row--bad');
  });

  it('shows the pass in English, numbers written as in Belgium (en)', async () => {
    serveMarket(MARKET);
    renderWithProviders(<MarketSection />, { locale: 'en', route: '/admin', session: true });
    expect((await screen.findByTestId('admin-market-summary')).textContent).toMatch(
      /^12\.000 CNKs wanted\. A full pass takes 6,7\shrs, at one request every 2 s per shop; a price stays fresh 24 h\.$/,
    );
  });

  it('says one CNK in the singular (nl)', async () => {
    serveMarket({ ...MARKET, wanted: 1, full_pass_ms: 2000, shops: [{ retailer: 'farmaline', fresh: 1 }] });
    renderWithProviders(<MarketSection />, { locale: 'nl', route: '/admin', session: true });
    expect((await screen.findByTestId('admin-market-summary')).textContent).toMatch(
      /^1 CNK gevraagd\. Een volledige ronde duurt 2\ssec,/,
    );
  });

  it('says when no CNK is wanted yet (nl)', async () => {
    serveMarket({ ...MARKET, wanted: 0, full_pass_ms: 0, shops: [] });
    renderWithProviders(<MarketSection />, { locale: 'nl', route: '/admin', session: true });
    expect(await screen.findByText('Nog geen CNK gevraagd: de markt heeft niets actueel te houden.')).toBeTruthy();
  });
});
