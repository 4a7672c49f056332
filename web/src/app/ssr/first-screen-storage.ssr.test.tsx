// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productLanding } from '@pharmaradar/shared/product-landing';
import { dafalganResult, offer, product } from '../../features/search/testing/search-fixtures';

// Node 25 and later define global `localStorage` and `sessionStorage`; touching the first without
// --localstorage-file prints an ExperimentalWarning at the server's start, and either would be one
// store shared by every visitor. The server imports and runs this entry, so neither its import nor a
// page it draws may reach them (lib/web-storage.ts is the only door, and it opens only in a browser).
const touched: string[] = [];
const originals = new Map<string, PropertyDescriptor | undefined>();

beforeAll(() => {
  for (const name of ['localStorage', 'sessionStorage']) {
    originals.set(name, Object.getOwnPropertyDescriptor(globalThis, name));
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get() {
        touched.push(name);
        return undefined;
      },
    });
  }
});

afterAll(() => {
  for (const [name, descriptor] of originals) {
    if (descriptor) Object.defineProperty(globalThis, name, descriptor);
    else Reflect.deleteProperty(globalThis, name);
  }
});

describe('the server drawing pages with the web entry', () => {
  it('never touches the storage globals, at import or while drawing', async () => {
    const { renderFirstScreen, renderSearchResults } = await import('./first-screen.ssr');
    const item = { name: 'Dafalgan 500 mg 30 comprimés', brand: 'Dafalgan', cnk: '3720083' };
    const landing = {
      slug: 'dafalgan-500-mg-30-comprimes-3720083',
      ...item,
      image: null,
      landing: productLanding(item),
    };
    const result = dafalganResult({
      query: item.cnk,
      kind: 'cnk',
      products: [product([offer({ retailer: 'farmaline', price: 3.49, best: true })])],
    });
    const search = { result, freshUntil: new Date(Date.now() + 60_000).toISOString() };
    const pages = [
      renderFirstScreen({ page: 'home', locale: 'nl', path: '/nl' }),
      renderFirstScreen({
        page: 'product',
        locale: 'fr',
        path: `/${landing.slug}`,
        product: landing,
        prices: { cnk: item.cnk, search, history: null },
      }),
      renderSearchResults({ locale: 'en', path: '/en', query: 'dafalgan', events: [] }),
    ];
    for (const html of pages) expect(html).toContain('<');
    expect(touched).toEqual([]);
  });
});
