import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { Footer } from './footer';

afterEach(() => vi.useRealTimers());

describe('footer', () => {
  it('links the information pages and why Pro', () => {
    renderWithProviders(<Footer />, { route: '/about' });
    const footer = screen.getByTestId('footer');
    const href = (name: string) => within(footer).getByRole('link', { name }).getAttribute('href');
    expect(href('À propos')).toBe('/about');
    expect(href('Mentions légales')).toBe('/legal');
    expect(href('Politique de confidentialité')).toBe('/privacy');
    expect(href('FAQ')).toBe('/faq');
    expect(href('Contact')).toBe('/contact');
    expect(href('Pourquoi passer Pro ?')).toBe('/offers');
  });

  it('keeps the language prefix (why Pro -> /nl/pro)', () => {
    renderWithProviders(<Footer />, { route: '/nl/faq', locale: 'nl' });
    expect(screen.getByRole('link', { name: 'Waarom Pro?' }).getAttribute('href')).toBe('/nl/pro');
    expect(screen.getByRole('link', { name: 'Privacybeleid' }).getAttribute('href')).toBe('/nl/privacy');
  });

  it('shows the company line with the VAT number and the current year', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-15T12:00:00Z'));
    renderWithProviders(<Footer />, { locale: 'en' });
    expect(screen.getByTestId('footer-company').textContent).toBe(
      'PharmaRadar SRL · Rue de la Loi 16, 1000 Brussels, Belgium · VAT BE 0793.456.218',
    );
    expect(screen.getByTestId('footer-copyright').textContent).toBe('© 2031 PharmaRadar. All rights reserved.');
  });

  it('writes the legal form and address in the page language', () => {
    const fr = renderWithProviders(<Footer />, { locale: 'fr' });
    expect(screen.getByTestId('footer-company').textContent).toBe(
      'PharmaRadar SRL · Rue de la Loi 16, 1000 Bruxelles, Belgique · TVA BE 0793.456.218',
    );
    fr.unmount();
    renderWithProviders(<Footer />, { route: '/nl/faq', locale: 'nl' });
    expect(screen.getByTestId('footer-company').textContent).toBe(
      'PharmaRadar BV · Wetstraat 16, 1000 Brussel, België · btw BE 0793.456.218',
    );
  });
});
