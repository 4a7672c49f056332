import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Locale } from '@pharmaradar/shared/locales';
import { DEFAULT_PRICING_SETTINGS } from '@pharmaradar/shared/pricing.schema';
import type { ProProductEvent } from '@pharmaradar/shared/pro.schema';
import type { SearchOffer } from '@pharmaradar/shared/search.schema';
import { db } from '../../db/db';
import { sendJson } from '../../test/fakes/http-server';
import { renderWithProviders } from '../../test/render';
import { ProductMode } from './product-mode';
import { serveProApi } from './pro-api.test-support';

// Product mode's shop links say, as the search's do, when the page they open is not in the reader's
// language (docs/decisions/232); and the card says when its prices were read, as a Belgian time.

const CNK = '0123456';
const offer = (retailer: string, price: number, url: string, pageLanguage: 'fr' | 'nl'): SearchOffer => ({
  retailer,
  name: 'Dafalgan 500 mg',
  price,
  currency: 'EUR',
  url,
  best: false,
  brand: null,
  cnk: CNK,
  searchedCode: CNK,
  image: null,
  inStock: true,
  pageLanguage,
});
// Read at 06:10 Brussels time on 28 November (05:10 UTC).
const FETCHED_AT = '2026-11-28T05:10:00.000Z';
const EVENT: ProProductEvent = {
  cnk: CNK,
  status: 'found',
  product: {
    cnk: CNK,
    name: 'Dafalgan 500 mg',
    brand: null,
    image: null,
    slug: null,
    offers: [
      offer('medimarket', 9, 'https://medi-market.be/fr/dafalgan', 'fr'),
      offer('farmaline', 10, 'https://www.farmaline.be/nl/dafalgan.html', 'nl'),
    ],
  },
  retailers: [],
  fetchedAt: FETCHED_AT,
  cached: true,
  source: 'market',
};

serveProApi((req, res) => {
  if (req.path === '/api/pro/catalogue/')
    return sendJson(res, 200, { catalogue: { version: 'test', referenceDate: '2026-11-01' }, facts: [] });
  if (req.path !== '/api/pro/prices/') return sendJson(res, 404, { code: 'not_found', detail: 'Not found.' });
  res.writeHead(200, { 'Content-Type': 'text/event-stream' });
  res.write(`event: product\ndata: ${JSON.stringify(EVENT)}\n\n`);
  res.end(`event: done\ndata: ${JSON.stringify({ count: 1, quota: 2000, used: 1, resetsOn: '2026-12-01' })}\n\n`);
});

afterEach(async () => {
  cleanup();
  await db.proOffers.clear();
});

const SUBMIT: Record<Locale, string> = { fr: 'Voir les prix', nl: 'Prijzen ophalen', en: 'Get prices' };

async function priced(locale: Locale) {
  renderWithProviders(<ProductMode settings={DEFAULT_PRICING_SETTINGS} onUsage={() => undefined} />, { locale });
  fireEvent.change(screen.getByRole('textbox', { name: 'CNK' }), { target: { value: CNK } });
  const button = screen.getByRole('button', { name: SUBMIT[locale] });
  fireEvent.click(button);
  const card = await screen.findByTestId('pro-product-card');
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  const shop = (retailer: RegExp) => {
    const line = within(card)
      .getAllByRole('listitem')
      .find((li) => retailer.test(li.textContent ?? ''))!;
    return {
      note: within(line).queryByTestId('pro-offer-page-language')?.textContent ?? null,
      lang: within(line).queryByTestId('pro-offer-page-language')?.getAttribute('lang') ?? null,
      hreflang: within(line).getByRole('link').getAttribute('hreflang'),
    };
  };
  return { card, shop };
}

describe('product mode shop links', () => {
  it('nl: says the Medi-Market page is in French, with hreflang="fr"; the Dutch page needs no word', async () => {
    const { shop } = await priced('nl');
    expect(shop(/Medi/)).toEqual({ note: '(Franstalige pagina)', lang: 'nl', hreflang: 'fr' });
    expect(shop(/Farmaline/)).toEqual({ note: null, lang: null, hreflang: 'nl' });
  });

  it('en: says the Medi-Market page is in French, and the Farmaline one in Dutch', async () => {
    const { shop } = await priced('en');
    expect(shop(/Medi/)).toEqual({ note: '(page in French)', lang: 'en', hreflang: 'fr' });
    expect(shop(/Farmaline/)).toEqual({ note: '(page in Dutch)', lang: 'en', hreflang: 'nl' });
  });
});

describe('product mode price time', () => {
  it('fr: the card says when its prices were read, as a Belgian date and time', async () => {
    const { card } = await priced('fr');
    const time = within(card).getByTestId('pro-product-time');
    expect(time.querySelector('time')!.textContent).toBe('prix du 28/11 à 06:10');
    expect(time.querySelector('time')!.getAttribute('datetime')).toBe(FETCHED_AT);
  });

  it('nl: the same time in Dutch', async () => {
    const { card } = await priced('nl');
    expect(within(card).getByTestId('pro-product-time').querySelector('time')!.textContent).toBe(
      'prijs van 28/11 om 06:10',
    );
  });
});
