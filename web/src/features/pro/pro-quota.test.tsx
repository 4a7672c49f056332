import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ProQuota } from './pro-quota';

describe('Pro monthly allowance', () => {
  it('shows this month’s use against the allowance, and no alert while some is left', async () => {
    renderWithProviders(<ProQuota usage={{ quota: 2000, used: 120, resetsOn: '2026-12-01' }} />, { locale: 'en' });
    expect((await screen.findByTestId('pro-quota')).textContent).toBe('Monthly allowance: 120 / 2.000 CNKs');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    ['en', 'Monthly allowance reached: no more CNKs can be priced until 1 December 2026.'],
    ['fr', 'Forfait mensuel atteint : plus aucun CNK ne peut être analysé avant le 1 décembre 2026.'],
    ['nl', 'Maandtegoed bereikt: tot 1 december 2026 kunnen geen CNK’s meer worden geprijsd.'],
  ] as const)('%s: says clearly when the allowance is used up and when it renews', async (locale, message) => {
    renderWithProviders(<ProQuota usage={{ quota: 3, used: 3, resetsOn: '2026-12-01' }} />, { locale });
    expect((await screen.findByRole('alert')).textContent).toContain(message);
  });
});
