import { describe, expect, it } from 'vitest';
import { getDemoCatalogue } from '../../demo/catalogue';
import { renderNewpharmaSearch } from '../../demo/sites/newpharma.pages';
import { failureOf, fixture } from '../lib/fixture';
import { parseSearchPage } from './newpharma.parse';

const BASE = 'https://www.newpharma.be';
const page = (name: string) => fixture('newpharma', name);

describe('Newpharma parseSearchPage', () => {
  it('reads the data-google-360 JSON of both generations and resolves protocol-relative links', () => {
    const offers = parseSearchPage(page('search-several.html'), BASE);
    expect(offers).toEqual([
      {
        retailer: 'newpharma',
        name: 'Davitamon Vitamine C Forte Time Release 42 comprimés',
        brand: 'Davitamon',
        cnk: null,
        price: 10.79,
        currency: 'EUR',
        url: 'https://www.newpharma.be/pharmacie/davitamon/825769/davitamon-vitamine-c-forte-time-release-42-comprimes.html',
        image: 'https://cdn.newpharma.be/media/catalog/825769-200.jpg',
        inStock: true,
        prescription: false,
      },
      expect.objectContaining({
        name: 'Davitamon Junior Multifruit 60 comprimés à croquer',
        price: 11.25,
        cnk: '2671997',
        inStock: false,
      }),
      // A 6-digit "CNK" line (leading zero dropped) is left-padded to 7 digits.
      expect.objectContaining({ name: 'Davitamon Calcium D3 60 comprimés', price: 7.95, cnk: '0739185' }),
    ]);
  });

  it('flags prescription-only items', () => {
    expect(parseSearchPage(page('search-rx.html'), BASE)).toEqual([
      expect.objectContaining({ name: 'Aerius 5 mg 30 comprimés', prescription: true }),
    ]);
  });

  it('answers [] for the no-results marker', () => {
    expect(parseSearchPage(page('search-no-results.html'), BASE)).toEqual([]);
  });

  it('reports parse_failed for a Cloudflare challenge or rows without readable prices', () => {
    expect(failureOf(() => parseSearchPage(page('cloudflare-challenge.html'), BASE))).toBe('parse_failed');
    const noPrices = page('search-several.html').replace(
      /&quot;price&quot;:(?:10\.79|7\.95|&quot;11\.25&quot;)/g,
      '&quot;price&quot;:&quot;?&quot;',
    );
    expect(failureOf(() => parseSearchPage(noPrices, BASE))).toBe('parse_failed');
  });

  it('parses the demo shop pages the same way', () => {
    const products = getDemoCatalogue().filter((p) => p.offers.newpharma && p.brand === 'Avène');
    const offers = parseSearchPage(renderNewpharmaSearch('avene', products, '127.0.0.1:1'), 'http://127.0.0.1:1');
    expect(
      offers.map((o) => [
        o.name,
        o.brand,
        o.price,
        o.inStock,
        o.url?.startsWith('http://127.0.0.1:1/pharmacie/avene/'),
      ]),
    ).toEqual(products.map((p) => [p.name.fr, p.brand, p.offers.newpharma!.price, p.offers.newpharma!.inStock, true]));
    expect(parseSearchPage(renderNewpharmaSearch('zzz', [], '127.0.0.1:1'), 'http://127.0.0.1:1')).toEqual([]);
  });
});
