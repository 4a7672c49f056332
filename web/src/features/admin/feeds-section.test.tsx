import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminFeed } from '@pharmaradar/shared/admin.schema';
import { serveAuthApi, testUser } from '../../test/fakes/auth-api-server';
import { renderWithProviders } from '../../test/render';
import { FeedsSection } from './feeds-section';

const api = serveAuthApi();

const LIVE: AdminFeed = {
  retailer: 'newpharma',
  name: 'Newpharma',
  source: 'https://feeds.example.net/np.xml',
  imported_at: '2026-11-26T09:00:00.000Z',
  checked_at: '2026-11-26T09:00:00.000Z',
  items: 12500,
  last_refusal: null,
  refused: false,
};
const REFUSED: AdminFeed = {
  retailer: 'pharmacie-x',
  name: 'Pharmacie X',
  source: '/srv/feeds/x.xml',
  imported_at: '2026-11-25T09:00:00.000Z',
  checked_at: '2026-11-25T09:00:00.000Z',
  items: 800,
  last_refusal: { at: '2026-11-26T08:30:00.000Z', refusal: 'shrunk', message: '12 items, the live feed has 800' },
  refused: true,
};

function serveFeeds(feeds: AdminFeed[]) {
  api.user = testUser({ id: 1, email: 'boss@example.be', is_staff: true });
  api.on('GET /api/admin/feeds/', { body: { feeds } });
}

async function rowOf(name: string) {
  const rows = await screen.findAllByTestId('admin-feed-row');
  return rows.find((row) => within(row).queryByRole('rowheader', { name }))!;
}

describe('the /admin feeds panel', () => {
  it('shows each feed, its source, last import, items and a refusal with its reason (fr)', async () => {
    serveFeeds([LIVE, REFUSED]);
    renderWithProviders(<FeedsSection />, { locale: 'fr', route: '/admin', session: true });
    expect(await screen.findByRole('heading', { name: 'Flux produits' })).toBeTruthy();
    const live = await rowOf('Newpharma');
    expect(live.textContent).toContain('https://feeds.example.net/np.xml');
    // 09:00 UTC is 10:00 in Brussels.
    expect(live.textContent).toMatch(/26 nov\. 2026,? 10:00/);
    expect(live.textContent).toMatch(/12\s500/);
    expect(live.textContent).toContain('aucun');
    expect(live.className).not.toContain('admin-row--bad');
    const refused = await rowOf('Pharmacie X');
    expect(refused.className).toContain('admin-row--bad');
    expect(refused.textContent).toContain('Dernier import refusé : le flux précédent reste utilisé.');
    expect(refused.textContent).toMatch(
      /26 nov\. 2026,? 09:30 : réduit de plus de moitié \(12 items, the live feed has 800\)/,
    );
  });

  it('says when no shop is read from a feed (nl)', async () => {
    serveFeeds([]);
    renderWithProviders(<FeedsSection />, { locale: 'nl', route: '/admin', session: true });
    expect(await screen.findByText('Geen enkele apotheek wordt uit een productfeed gelezen.')).toBeTruthy();
  });
});
