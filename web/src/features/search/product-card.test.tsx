import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ProductCard } from './product-card';
import { safeHttpUrl } from '../../lib/retailers';
import { offer, product } from './testing/search-fixtures';

describe('ProductCard', () => {
  it('never renders a scraped non-http link or image: link unavailable and the fallback picture instead', () => {
    const card = product([offer({ best: true, url: 'javascript:alert(1)', image: 'javascript:alert(2)' })], {
      image: 'data:image/svg+xml,<svg/>',
    });
    renderWithProviders(<ProductCard product={card} />, { locale: 'fr' });
    const row = screen.getByTestId('offer');
    expect(within(row).queryByRole('link')).toBeNull();
    expect(within(row).getByText('lien indisponible')).toBeTruthy();
    expect(screen.getByTestId('image-fallback').getAttribute('aria-label')).toBe(
      'Photo de Dafalgan 500 mg 30 comprimés',
    );
    expect(document.querySelector('img')).toBeNull();
  });

  it('prints "Medi-Market" with a non-breaking hyphen, the link keeping the plain name for screen readers', () => {
    const card = product([offer({ retailer: 'medimarket', best: true, url: 'https://www.medi-market.be/x' })]);
    renderWithProviders(<ProductCard product={card} />, { locale: 'fr' });
    const row = screen.getByTestId('offer');
    expect(within(row).getByTestId('offer-retailer').textContent).toBe('Medi\u2011Market');
    expect(within(row).getByRole('link').getAttribute('aria-label')).toBe("Voir l'offre Medi-Market (nouvel onglet)");
  });

  it('marks an affiliate link rel="sponsored noopener", a shop\'s own link noopener noreferrer', () => {
    const card = product([
      offer({ retailer: 'newpharma', best: true, url: 'https://track.example.net/c?u=x', sponsored: true }),
      offer({ retailer: 'farmaline', best: false, url: 'https://www.farmaline.be/x' }),
    ]);
    renderWithProviders(<ProductCard product={card} />, { locale: 'fr' });
    const rels = screen.getAllByTestId('offer').map((row) => within(row).getByRole('link').getAttribute('rel'));
    expect(rels).toEqual(['sponsored noopener', 'noopener noreferrer']);
  });

  it('shows the picture of an https image, and the fallback once it fails to load', async () => {
    const card = product([offer({ best: true })], { image: 'https://cdn.example.test/dafalgan.jpg' });
    renderWithProviders(<ProductCard product={card} />, { locale: 'en' });
    const img = screen.getByRole('img', { name: 'Picture of Dafalgan 500 mg 30 comprimés' });
    expect(img.getAttribute('src')).toBe('https://cdn.example.test/dafalgan.jpg');
    expect(img.getAttribute('referrerpolicy')).toBe('no-referrer');
    img.dispatchEvent(new Event('error'));
    expect(await screen.findByTestId('image-fallback')).toBeTruthy();
  });

  it('says "no offers available" for a product without offers (fr, nl)', () => {
    const empty = product([], { cnk: '1234567', name: 'Magnésium Vitamine B6' });
    const { unmount } = renderWithProviders(<ProductCard product={empty} />, { locale: 'fr' });
    expect(screen.getByTestId('no-offers').textContent).toBe('Aucune offre disponible');
    expect(screen.queryByTestId('best-price')).toBeNull();
    unmount();
    renderWithProviders(<ProductCard product={empty} />, { locale: 'nl' });
    expect(screen.getByTestId('no-offers').textContent).toBe('Geen aanbiedingen beschikbaar');
  });

  it('highlights every best offer, shows the brand when the name lacks it, and the spread between shops', () => {
    const card = product(
      [
        offer({ retailer: 'medimarket', price: 4.5, best: true }),
        offer({ retailer: 'farmaline', price: 4.5, best: true }),
        offer({ retailer: 'multipharma', price: 6, best: false, inStock: false }),
      ],
      { name: 'Crème hydratante 50 ml', brand: 'Avène', cnk: null, slug: null },
    );
    renderWithProviders(<ProductCard product={card} />, { locale: 'nl' });
    const rows = screen.getAllByTestId('offer');
    expect(rows.map((r) => r.getAttribute('data-best'))).toEqual(['true', 'true', 'false']);
    expect(rows.filter((r) => r.classList.contains('offer--best'))).toHaveLength(2);
    expect(within(rows[2]!).getByText('Niet op voorraad')).toBeTruthy();
    expect(screen.getByText('Avène')).toBeTruthy();
    expect(screen.getByText('CNK onbekend')).toBeTruthy();
    // The sentence a shopper reads, its amount one unbreakable price element.
    const spread = document.querySelector('.product-card__spread')!;
    expect(spread.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toBe('Tot € 1,50 verschil tussen apotheken');
    expect(spread.querySelector('[data-price]')?.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toBe('€ 1,50');
    expect(screen.queryByRole('link', { name: 'Productpagina' })).toBeNull();
  });

  it('shows "from" the cheapest offer in stock, never a cheaper sold-out one (fr)', () => {
    const card = product([
      offer({ retailer: 'farmaline', price: 3.5, best: false, inStock: false }),
      offer({ retailer: 'medimarket', price: 4.2, best: true, inStock: null }),
    ]);
    renderWithProviders(<ProductCard product={card} />, { locale: 'fr' });
    expect(screen.getByTestId('best-price').textContent).toBe('4,20\u00a0€');
    expect(screen.queryByTestId('all-out-of-stock')).toBeNull();
  });

  it('says the product is out of stock everywhere instead of a "from" price (fr, en, nl)', () => {
    const card = product([offer({ price: 3.5, best: false, inStock: false })]);
    const expected = {
      fr: 'Rupture de stock dans toutes les pharmacies',
      en: 'Out of stock at every pharmacy',
      nl: 'Bij geen enkele apotheek op voorraad',
    } as const;
    for (const [locale, text] of Object.entries(expected)) {
      const { unmount } = renderWithProviders(<ProductCard product={card} />, { locale: locale as 'fr' });
      expect(screen.getByTestId('all-out-of-stock').textContent).toBe(text);
      expect(screen.queryByTestId('best-price')).toBeNull();
      unmount();
    }
  });
});

describe('safeHttpUrl', () => {
  it('keeps http(s) and drops everything else', () => {
    expect(safeHttpUrl('https://www.farmaline.be/x?y=1')).toBe('https://www.farmaline.be/x?y=1');
    expect(safeHttpUrl('http://127.0.0.1:4000/p')).toBe('http://127.0.0.1:4000/p');
    // Demo shops are served by our own server: their paths resolve against the page address.
    expect(safeHttpUrl('/__demo/retailers/farmaline/fr/p.htm')).toBe(
      `${window.location.origin}/__demo/retailers/farmaline/fr/p.htm`,
    );
    for (const bad of [
      'javascript:alert(1)',
      ' JAVASCRIPT:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      '',
      '  ',
      null,
    ]) {
      expect(safeHttpUrl(bad)).toBeNull();
    }
  });
});
