import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import NotAvailablePage from './not-available.page';

describe('not available yet page', () => {
  it.each([
    ['fr', '/congrats', 'Bientôt disponible', 'Retour au comparateur de prix', '/'],
    ['en', '/en/congrats', 'Coming soon', 'Back to the price comparator', '/en'],
    ['nl', '/nl/congrats', 'Binnenkort beschikbaar', 'Terug naar de prijsvergelijker', '/nl'],
  ] as const)('%s: says so honestly and links home', (locale, route, title, home, href) => {
    renderWithProviders(<NotAvailablePage />, { locale, route });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByRole('link', { name: home }).getAttribute('href')).toBe(href);
    expect(document.title).toBe(`${title} · PharmaRadar`);
  });
});
