import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@pharmaradar/shared/locales';
import { renderWithProviders } from '../../test/render';
import { ProductCard } from './product-card';
import { offer, product } from './testing/search-fixtures';

// A shop whose pages exist only in French is linked to its French page, and a reader of another
// language is told so beside the shop's name; the link names its page's language (docs/decisions/232).

const CARD = product([
  offer({ retailer: 'medimarket', price: 3.2, url: 'https://medi-market.be/fr/dafalgan', pageLanguage: 'fr' }),
  offer({ retailer: 'farmaline', price: 3.49, url: 'https://www.farmaline.be/nl/dafalgan.html', pageLanguage: 'nl' }),
]);

function shown(locale: Locale) {
  renderWithProviders(<ProductCard product={CARD} linkToPage={false} />, { locale });
  return (retailer: string) => {
    const row = screen.getAllByTestId('offer').find((li) => li.dataset.retailer === retailer)!;
    const link = within(row).getByRole('link');
    return {
      note: within(row).queryByTestId('offer-page-language')?.textContent ?? null,
      hreflang: link.getAttribute('hreflang'),
      label: link.getAttribute('aria-label'),
    };
  };
}

describe('a shop link in another language than the reader’s', () => {
  it('nl: says the Medi-Market page is in French, and its link carries hreflang="fr"', () => {
    const of = shown('nl');
    expect(of('medimarket')).toEqual({
      note: '(Franstalige pagina)',
      hreflang: 'fr',
      label: 'Bekijk de aanbieding van Medi-Market (Franstalige pagina) (nieuw tabblad)',
    });
    // A shop with Dutch pages is linked in Dutch and needs no word.
    expect(of('farmaline')).toMatchObject({ note: null, hreflang: 'nl' });
  });

  it('fr: says nothing, the page is in the reader’s language', () => {
    const of = shown('fr');
    expect(of('medimarket')).toEqual({
      note: null,
      hreflang: 'fr',
      label: "Voir l'offre Medi-Market (nouvel onglet)",
    });
  });

  it('en: says the page is in French (no Belgian shop has English pages)', () => {
    expect(shown('en')('medimarket')).toMatchObject({ note: '(page in French)', hreflang: 'fr' });
  });
});
