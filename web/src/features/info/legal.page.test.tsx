import { BRAND_NAME, COMPANY } from '@pharmaradar/shared/brand';
import { type Locale } from '@pharmaradar/shared/locales';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { expectNoRawMessageIds, headingTexts } from './info-test-helpers';
import LegalPage from './legal.page';

const EXPECTED: Record<Locale, { h1: string; first: string; last: string; updated: RegExp }> = {
  fr: {
    h1: "Mentions légales et conditions d'utilisation",
    first: 'Éditeur',
    last: 'Modification des conditions',
    updated: /^Dernière mise à jour : 22 novembre 2026$/,
  },
  en: {
    h1: 'Legal notice and terms of use',
    first: 'Publisher',
    last: 'Changes to these terms',
    updated: /^Last updated: 22 November 2026$/,
  },
  nl: {
    h1: 'Wettelijke vermeldingen en gebruiksvoorwaarden',
    first: 'Uitgever',
    last: 'Wijziging van de voorwaarden',
    updated: /^Laatst bijgewerkt: 22 november 2026$/,
  },
};

describe('LegalPage', () => {
  it.each(Object.entries(EXPECTED) as Array<[Locale, (typeof EXPECTED)[Locale]]>)(
    'renders its headings in %s',
    async (locale, expected) => {
      const { container } = renderWithProviders(<LegalPage />, { locale, route: `/${locale}/legal` });
      expect(await screen.findByRole('heading', { level: 1, name: expected.h1 })).toBeTruthy();
      const h2 = headingTexts(container, 2);
      expect(h2).toHaveLength(11);
      expect(h2[0]).toBe(expected.first);
      expect(h2.at(-1)).toBe(expected.last);
      expect(container.querySelector('.info-page__updated')?.textContent).toMatch(expected.updated);
      expectNoRawMessageIds(container);
    },
  );

  it('identifies the publisher from the shared company config', async () => {
    const { container } = renderWithProviders(<LegalPage />, { locale: 'fr', route: '/legal' });
    await screen.findByRole('heading', { level: 1 });
    const publisher = container.querySelector('#publisher');
    expect(publisher?.textContent).toContain(`Dénomination : ${COMPANY.legalName}`);
    expect(publisher?.textContent).toContain(`Siège : ${COMPANY.address}`);
    expect(publisher?.textContent).toContain(`Numéro d'entreprise et de TVA : ${COMPANY.vatNumber}`);
    expect(screen.getByRole('link', { name: COMPANY.contactEmail }).getAttribute('href')).toBe(
      `mailto:${COMPANY.contactEmail}`,
    );
    expect(container.textContent).toContain(`${BRAND_NAME} n'est pas une pharmacie`);
    expect(container.textContent?.replace(/\s/g, ' ')).toContain('30,00 € par mois TVA comprise');
  });

  it.each([
    ['en', 'Company name: PharmaRadar SRL', 'Registered office: Rue de la Loi 16, 1000 Brussels, Belgium'],
    ['nl', 'Naam: PharmaRadar BV', 'Maatschappelijke zetel: Wetstraat 16, 1000 Brussel, België'],
  ] as const)('writes the legal form and registered office in %s', async (locale, name, office) => {
    const { container } = renderWithProviders(<LegalPage />, { locale, route: `/${locale}/legal` });
    await screen.findByRole('heading', { level: 1 });
    const publisher = container.querySelector('#publisher')?.textContent ?? '';
    expect(publisher).toContain(name);
    expect(publisher).toContain(office);
    expect(publisher).not.toContain('Bruxelles, Belgique');
  });

  it('quotes the one Pro price the way each language writes prices, saying it includes VAT', async () => {
    for (const [locale, price, from] of [
      ['fr', '30,00 € par mois TVA comprise', 'partir de'],
      ['en', '€30.00 per month incl. VAT', 'from'],
      ['nl', '€ 30,00 per maand incl. btw', 'vanaf'],
    ] as const) {
      const view = renderWithProviders(<LegalPage />, { locale, route: `/${locale}/legal` });
      await screen.findByRole('heading', { level: 1 });
      const text = view.container.textContent?.replace(/\s/g, ' ') ?? '';
      expect(text).toContain(price);
      expect(text).not.toMatch(new RegExp(`${from} (€ ?)?30`, 'i'));
      view.unmount();
    }
  });
});
