import { COMPANY } from '@pharmaradar/shared/brand';
import { type Locale } from '@pharmaradar/shared/locales';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { expectNoRawMessageIds } from './info-test-helpers';
import PrivacyPage from './privacy.page';
import { PRIVACY_SECTIONS } from './privacy-sections';

const EXPECTED: Record<Locale, { h1: string; toc: string; sections: string[] }> = {
  fr: {
    h1: 'Politique de confidentialité',
    toc: 'Sommaire',
    sections: [
      'Responsable du traitement',
      'Données que nous traitons',
      'Finalités et bases légales',
      'Destinataires',
      'Durée de conservation',
      'Sécurité',
      'Vos droits',
      'Suppression de vos données',
      'Modifications de cette politique',
    ],
  },
  en: {
    h1: 'Privacy policy',
    toc: 'Contents',
    sections: [
      'Data controller',
      'Data we process',
      'Purposes and legal bases',
      'Recipients',
      'How long we keep data',
      'Security',
      'Your rights',
      'Deleting your data',
      'Changes to this policy',
    ],
  },
  nl: {
    h1: 'Privacybeleid',
    toc: 'Inhoud',
    sections: [
      'Verwerkingsverantwoordelijke',
      'Welke gegevens we verwerken',
      'Doeleinden en rechtsgronden',
      'Ontvangers',
      'Bewaartermijnen',
      'Beveiliging',
      'Uw rechten',
      'Uw gegevens verwijderen',
      'Wijzigingen in dit beleid',
    ],
  },
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('PrivacyPage', () => {
  it.each(Object.entries(EXPECTED) as Array<[Locale, (typeof EXPECTED)[Locale]]>)(
    'renders its headings and a table of contents of the nine sections in %s',
    async (locale, expected) => {
      const { container } = renderWithProviders(<PrivacyPage />, { locale, route: `/${locale}/privacy` });
      expect(await screen.findByRole('heading', { level: 1, name: expected.h1 })).toBeTruthy();

      const toc = screen.getByRole('navigation', { name: expected.toc });
      const links = within(toc).getAllByRole('link');
      expect(links.map((a) => a.textContent)).toEqual(expected.sections);

      // Every anchor resolves to a section of the page whose h2 says the same thing.
      links.forEach((link, index) => {
        const href = link.getAttribute('href') ?? '';
        expect(href).toBe(`#${PRIVACY_SECTIONS[index]}`);
        const target = container.querySelector(href);
        expect(target?.tagName).toBe('SECTION');
        expect(within(target as HTMLElement).getByRole('heading', { level: 2 }).textContent).toBe(
          expected.sections[index],
        );
      });
      expectNoRawMessageIds(container);
    },
  );

  it('jumps to a section through the router: URL fragment, scroll and focus on its heading', async () => {
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
      scrolled.push(this.id);
    };
    const { router } = renderWithProviders(<PrivacyPage />, { locale: 'en', route: '/en/privacy' });
    const toc = await screen.findByRole('navigation', { name: 'Contents' });

    fireEvent.click(within(toc).getByRole('link', { name: 'Your rights' }));
    expect(router.state.location.pathname).toBe('/en/privacy');
    expect(router.state.location.hash).toBe('#rights');
    expect(scrolled).toContain('rights');
    expect(document.activeElement?.textContent).toBe('Your rights');

    // "Back to contents" from inside a section returns to the table of contents.
    fireEvent.click(
      within(document.getElementById('rights') as HTMLElement).getByRole('link', { name: 'Back to contents' }),
    );
    expect(router.state.location.hash).toBe('#toc');
    expect(document.activeElement?.textContent).toBe('Contents');
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  });

  it('scrolls to the section named in the URL when the page opens on a deep link', async () => {
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
      scrolled.push(this.id);
    };
    renderWithProviders(<PrivacyPage />, { locale: 'fr', route: '/privacy#retention' });
    await screen.findByRole('heading', { level: 1 });
    expect(scrolled).toContain('retention');
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  });

  it.each([
    [
      'fr',
      /l’adresse d’envoi .* les deux clés .* dans votre compte \(« Notifications sur cet appareil »/,
      /Services de notifications des navigateurs/,
    ],
    [
      'en',
      /the delivery address .* the two keys .* in your account \(“Notifications on this device”/,
      /Browsers’ notification services/,
    ],
    [
      'nl',
      /het afleveradres .* de twee sleutels .* in uw account \(‘Meldingen op dit toestel’/,
      /Meldingendiensten van de browsers/,
    ],
  ] as const)(
    'says what push notifications store per device, who carries them and how to turn them off (%s)',
    async (locale, stored, carried) => {
      renderWithProviders(<PrivacyPage />, { locale, route: `/${locale}/privacy` });
      expect((await screen.findByText(stored)).tagName).toBe('LI');
      expect(screen.getByText(carried).tagName).toBe('LI');
    },
  );

  it('names the controller with its Dutch legal form and address in nl', async () => {
    const { container } = renderWithProviders(<PrivacyPage />, { locale: 'nl', route: '/nl/privacy' });
    await screen.findByRole('heading', { level: 1 });
    expect(container.querySelector('#controller')?.textContent).toContain(
      'PharmaRadar BV, Wetstraat 16, 1000 Brussel, België, ondernemingsnummer BE 0793.456.218',
    );
  });

  it('states the controller, retention periods, rights and the Belgian authority', async () => {
    const { container } = renderWithProviders(<PrivacyPage />, { locale: 'fr', route: '/privacy' });
    await screen.findByRole('heading', { level: 1 });
    const section = (id: string) => container.querySelector(`#${id}`)?.textContent ?? '';
    expect(section('controller')).toContain(
      `${COMPANY.legalName}, ${COMPANY.address}, numéro d'entreprise ${COMPANY.vatNumber}`,
    );
    expect(section('controller')).toContain(COMPANY.privacyEmail);
    expect(section('retention')).toContain('supprimées au plus tard 30 jours après sa clôture');
    expect(section('retention')).toContain('Journaux techniques : 12 mois au maximum.');
    expect(section('recipients')).toContain('Stripe Payments Europe');
    expect(section('recipients')).toContain('Google Ireland Limited');
    for (const right of [
      "droit d'accès",
      'droit de rectification',
      "droit à l'effacement",
      'droit à la portabilité',
      "droit d'opposition",
    ]) {
      expect(section('rights')).toContain(right);
    }
    expect(section('rights')).toContain('Autorité de protection des données');
    const authority = screen.getByRole('link', { name: 'www.autoriteprotectiondonnees.be' });
    expect(authority.getAttribute('href')).toBe('https://www.autoriteprotectiondonnees.be');
  });

  it('names the Gegevensbeschermingsautoriteit in Dutch', async () => {
    const { container } = renderWithProviders(<PrivacyPage />, { locale: 'nl', route: '/nl/privacy' });
    await screen.findByRole('heading', { level: 1 });
    expect(container.querySelector('#rights')?.textContent).toContain(
      'Gegevensbeschermingsautoriteit, Drukpersstraat 35, 1000 Brussel',
    );
  });

  it.each([
    [
      'fr',
      '/privacy',
      "Certains liens vers des pharmacies en ligne sont des liens d'affiliation, marqués comme sponsorisés",
    ],
    ['en', '/en/privacy', 'Some links to online pharmacies are affiliate links, marked as sponsored'],
    ['nl', '/nl/privacy', 'Sommige links naar onlineapotheken zijn affiliatelinks, gemarkeerd als gesponsord'],
  ] as const)('says in %s that some shop links are affiliate links', async (locale, route, text) => {
    const { container } = renderWithProviders(<PrivacyPage />, { locale, route });
    await screen.findByRole('heading', { level: 1 });
    expect(container.querySelector('#recipients')?.textContent).toContain(text);
  });
});
