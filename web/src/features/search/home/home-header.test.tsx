import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { HomeFooter } from './home-footer';
import { HomeHeader } from './home-header';

// The home page has its own header and footer; they say the same words as the shared layout's.
const CASES = [
  {
    locale: 'fr',
    route: '/',
    login: 'Se connecter',
    others: ['EN – English', 'NL – Nederlands'],
    current: 'Français',
    footer: ['Mentions légales', 'Politique de confidentialité', 'Pourquoi passer Pro ?'],
    vat: 'TVA BE',
  },
  {
    locale: 'en',
    route: '/en',
    login: 'Log in',
    others: ['FR – Français', 'NL – Nederlands'],
    current: 'English',
    footer: ['Legal notice', 'Privacy policy', 'Why go Pro?'],
    vat: 'VAT BE',
  },
  {
    locale: 'nl',
    route: '/nl',
    login: 'Inloggen',
    others: ['FR – Français', 'EN – English'],
    current: 'Nederlands',
    footer: ['Wettelijke vermeldingen', 'Privacybeleid', 'Waarom Pro?'],
    vat: 'btw BE',
  },
] as const;

describe('home header and footer wording', () => {
  it.each(CASES)('uses the layout words in $locale', ({ locale, route, login, others, current, footer, vat }) => {
    renderWithProviders(
      <>
        <HomeHeader />
        <HomeFooter />
      </>,
      { locale, route },
    );
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: login }).getAttribute('href')).toMatch(/\/login$/);
    // The other languages are links; the current one is only marked (a link to itself is no target).
    // Each name starts with the code the link shows (label in name, WCAG 2.5.3).
    for (const name of others) {
      const link = within(header).getByRole('link', { name });
      expect(name.startsWith(link.textContent ?? '-')).toBe(true);
    }
    expect(within(header).queryByRole('link', { name: new RegExp(current) })).toBeNull();
    expect(within(header).getByTitle(current).getAttribute('aria-current')).toBe('true');
    const links = within(screen.getByRole('contentinfo'))
      .getAllByRole('link')
      .map((a) => a.textContent);
    for (const label of footer) expect(links).toContain(label);
    expect(screen.getByRole('contentinfo').textContent).toContain(vat);
  });
});
