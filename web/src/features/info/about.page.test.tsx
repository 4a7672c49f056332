import { BRAND_NAME, COMPANY } from '@pharmaradar/shared/brand';
import { type Locale } from '@pharmaradar/shared/locales';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import AboutPage from './about.page';
import { expectNoRawMessageIds, headingTexts } from './info-test-helpers';

const EXPECTED: Record<Locale, { h1: string; h2: string[] }> = {
  fr: { h1: `À propos de ${BRAND_NAME}`, h2: ['Nos valeurs', 'Comment ça marche', 'Vos données', 'Nous contacter'] },
  en: { h1: `About ${BRAND_NAME}`, h2: ['Our values', 'How it works', 'Your data', 'Contact us'] },
  nl: { h1: `Over ${BRAND_NAME}`, h2: ['Onze waarden', 'Hoe werkt het?', 'Uw gegevens', 'Contact'] },
};

describe('AboutPage', () => {
  it.each(Object.entries(EXPECTED) as Array<[Locale, (typeof EXPECTED)[Locale]]>)(
    'renders its headings in %s',
    async (locale, expected) => {
      const { container } = renderWithProviders(<AboutPage />, { locale, route: `/${locale}/about` });
      expect(await screen.findByRole('heading', { level: 1, name: expected.h1 })).toBeTruthy();
      expect(headingTexts(container, 2)).toEqual(expected.h2);
      // Four values and three steps, each with its own heading.
      expect(headingTexts(container, 3)).toHaveLength(7);
      expectNoRawMessageIds(container);
      expect(document.title).toBe(expected.h1);
    },
  );

  it('links to the privacy policy, the contact page and the plans under the current language', async () => {
    renderWithProviders(<AboutPage />, { locale: 'nl', route: '/nl/about' });
    expect((await screen.findByRole('link', { name: 'Lees het privacybeleid' })).getAttribute('href')).toBe(
      '/nl/privacy',
    );
    expect(screen.getByRole('link', { name: 'Naar het contactformulier' }).getAttribute('href')).toBe('/nl/contact');
    expect(screen.getByRole('link', { name: 'Ontdek Espace Pro' }).getAttribute('href')).toBe('/nl/pro');
    expect(screen.getByRole('link', { name: COMPANY.contactEmail }).getAttribute('href')).toBe(
      `mailto:${COMPANY.contactEmail}`,
    );
  });

  it('says prices are indicative and prescription medicines are excluded', async () => {
    renderWithProviders(<AboutPage />, { locale: 'fr', route: '/about' });
    const note = await screen.findByText(/Les prix sont indicatifs/);
    expect(note.textContent).toContain('Les médicaments soumis à prescription ne sont pas comparés.');
  });
});
