import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { HomeFooter } from './home-footer';

describe('home footer', () => {
  it('shows the company line in the page language, with the VAT number', async () => {
    renderWithProviders(<HomeFooter />, { locale: 'nl' });
    const line = await screen.findByText(/Wetstraat 16, 1000 Brussel, België/);
    expect(line.textContent).toContain('PharmaRadar BV');
    expect(line.textContent).toMatch(/BE 0\d{3}\.\d{3}\.\d{3}/);
  });

  it('keeps the French company line on French pages', async () => {
    renderWithProviders(<HomeFooter />, { locale: 'fr' });
    expect((await screen.findByText(/Rue de la Loi 16, 1000 Bruxelles/)).textContent).toContain('PharmaRadar SRL');
  });
});
