import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RetailerHealth } from '@pharmaradar/shared/admin.schema';
import { serveAuthApi, testUser } from '../../test/fakes/auth-api-server';
import { renderWithProviders } from '../../test/render';
import { HealthSection } from './retailers-section';

const api = serveAuthApi();

const HEALTHY: RetailerHealth = {
  retailer: 'medimarket',
  searches: 40,
  success_rate: 1,
  median_ms: 300,
  p95_ms: 900,
  parse_failures: 0,
  blocks: 0,
  failing: null,
};
const BLOCKED: RetailerHealth = {
  ...HEALTHY,
  retailer: 'farmaline',
  success_rate: 0,
  blocks: 40,
  failing: {
    since: '2026-11-26T09:02:00.000Z',
    error: 'blocked',
    reason: 'robots.txt of www.farmaline.be disallows /fr/search',
    mailed_at: '2026-11-26T09:10:00.000Z',
  },
};

function serveHealth(retailers: RetailerHealth[]) {
  api.user = testUser({ id: 1, email: 'boss@example.be', is_staff: true });
  api.on('GET /api/admin/retailers/health/', { body: { since: '2026-11-25T10:00:00.000Z', retailers } });
}

async function rowOf(name: string) {
  const rows = await screen.findAllByTestId('admin-health-row');
  return rows.find((row) => within(row).queryByRole('rowheader', { name }))!;
}

describe('retailer health with the shop alarm', () => {
  it('shows since when a shop is failing, why, and that staff were mailed (fr)', async () => {
    serveHealth([BLOCKED, HEALTHY]);
    renderWithProviders(<HealthSection />, { locale: 'fr', route: '/admin', session: true });
    const row = await rowOf('farmaline');
    expect(row.className).toContain('admin-row--bad');
    const alarm = within(row).getByTestId('admin-health-alarm');
    // 09:02 UTC is 10:02 in Brussels.
    expect(alarm.textContent).toMatch(/En panne depuis le 26 nov\. 2026,? 10:02/);
    expect(alarm.textContent).toContain('bloquée : robots.txt of www.farmaline.be disallows /fr/search');
    expect(alarm.textContent).toMatch(/Équipe prévenue par e-mail le 26 nov\. 2026,? 10:10/);
    const healthy = await rowOf('medimarket');
    expect(healthy.className).not.toContain('admin-row--bad');
    expect(within(healthy).queryByTestId('admin-health-alarm')).toBeNull();
  });

  it('says when the mail was held back by the six-hour gap (nl)', async () => {
    serveHealth([
      { ...BLOCKED, failing: { ...BLOCKED.failing!, error: 'parse_failed', reason: null, mailed_at: null } },
    ]);
    renderWithProviders(<HealthSection />, { locale: 'nl', route: '/nl/admin', session: true });
    const alarm = within(await rowOf('farmaline')).getByTestId('admin-health-alarm');
    expect(alarm.textContent).toContain('Werkt niet sinds');
    expect(alarm.textContent).toContain('onleesbare pagina');
    expect(alarm.textContent).toContain('E-mail tegengehouden: er ging minder dan zes uur geleden al een');
  });
});
