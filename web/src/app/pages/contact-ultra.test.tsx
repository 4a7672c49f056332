import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@pharmaradar/shared/locales';
import { renderWithProviders } from '../../test/render';
import ContactPage from './contact.page';

// docs/architecture.md#settled-choices: the plans page's 'Contact us' for Ultra opens /contact?subject=ultra, message pre-filled.
describe('contact page for Ultra', () => {
  it.each([
    ['fr', '/contact', 'Je souhaite des informations sur l’offre Ultra.'],
    ['en', '/en/contact', 'I would like information about the Ultra plan.'],
    ['nl', '/nl/contact', 'Ik wil graag informatie over het Ultra-aanbod.'],
  ] as const)('pre-fills the message with a first line (%s)', (locale: Locale, path, line) => {
    renderWithProviders(<ContactPage />, { locale, route: `${path}?subject=ultra` });
    const message = document.querySelector<HTMLTextAreaElement>('#contact-message');
    expect(message?.value).toBe(`${line}\n\n`);
  });

  it('leaves the message empty otherwise', () => {
    renderWithProviders(<ContactPage />, { locale: 'fr', route: '/contact?subject=other' });
    expect(screen.getByRole('textbox', { name: /message/i }).textContent).toBe('');
    expect(document.querySelector<HTMLTextAreaElement>('#contact-message')?.value).toBe('');
  });
});
