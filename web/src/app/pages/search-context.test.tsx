import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { productLanding, type ProductLandingResponse } from '@pharmaradar/shared/product-landing';
import { serveSearchApi } from '../../test/fakes/serve-search-api';
import { renderWithProviders } from '../../test/render';
import { HomeContent } from './home.page';
import { ProductContent } from './product.page';
import { SearchProvider, useSearch } from '../../features/search/search-context';
import {
  dafalganResult,
  dafalganStream,
  FARMALINE,
  MEDIMARKET,
  offer,
  product,
  retailerAnswer,
  searchStream,
} from '../../features/search/testing/search-fixtures';
import { deferred, json, sse, type Handler } from '../../test/fakes/search-api-server';

// docs/product.md#home: the home page's shared search context holds cnk, localProduct and results. These tests
// drive the real pages and read the context next to them, as any component of the page would.

const server = serveSearchApi();

const SLUG = 'dafalgan-500-mg-30-comprimes-3720083';
const PRODUCT = { name: 'Dafalgan 500 mg 30 comprimés', brand: 'Dafalgan', cnk: '3720083' };
const LANDING: ProductLandingResponse = { slug: SLUG, ...PRODUCT, image: null, landing: productLanding(PRODUCT) };

function serve(search: Handler) {
  server.handle((req, res, url) => {
    if (url.pathname.startsWith('/api/search')) return search(req, res, url);
    if (url.pathname.startsWith('/api/products/')) return json(200, LANDING)(req, res, url);
    return json(200, { status: 'ok', version: 'test', db: 'ok', demo: true })(req, res, url);
  });
}

/** What a component reading the context sees. */
function ContextProbe() {
  const { cnk, localProduct, results } = useSearch();
  return (
    <output
      data-testid="context"
      data-cnk={cnk ?? ''}
      data-local={localProduct ? `${localProduct.cnk}×${localProduct.offers.length}` : ''}
      data-results={results ? `${results.kind}:${results.query}:${results.products.length}` : ''}
    />
  );
}

const context = () => {
  const el = screen.getByTestId('context');
  return {
    cnk: el.getAttribute('data-cnk'),
    localProduct: el.getAttribute('data-local'),
    results: el.getAttribute('data-results'),
  };
};

function renderHome() {
  return renderWithProviders(
    <SearchProvider>
      <HomeContent />
      <ContextProbe />
    </SearchProvider>,
    { locale: 'fr' },
  );
}

function submit(query: string) {
  fireEvent.change(screen.getByTestId('search-input'), { target: { value: query } });
  fireEvent.click(screen.getByTestId('search-submit'));
}

// The search machinery and the saved-searches list are lazy chunks in the app; here they are
// loaded once up front so the first test does not pay the module transform inside its timeouts.
beforeAll(async () => {
  await Promise.all([import('../../features/search/run-search'), import('../../features/search/recent-searches')]);
});

describe('shared search context', () => {
  it('is empty before any search', () => {
    serve(sse(dafalganStream()));
    renderHome();
    expect(context()).toEqual({ cnk: '', localProduct: '', results: '' });
  });

  it('searching by CNK: cnk at once, localProduct as offers arrive, results once complete', async () => {
    const gate = deferred();
    const result = dafalganResult({ query: '3720083', kind: 'cnk' });
    serve(
      sse(
        searchStream(
          [
            gate.promise,
            [retailerAnswer('farmaline', [{ ...FARMALINE, searchedCode: '3720083' }])],
            [retailerAnswer('medimarket', [MEDIMARKET]), retailerAnswer('multipharma', [])],
          ],
          result,
        ),
      ),
    );
    renderHome();
    submit('372 0083');
    await waitFor(() => expect(context().cnk).toBe('3720083'));
    expect(context()).toEqual({ cnk: '3720083', localProduct: '', results: '' });
    gate.resolve();
    await waitFor(() => expect(context().results).toBe('cnk:3720083:1'));
    expect(context()).toEqual({ cnk: '3720083', localProduct: '3720083×3', results: 'cnk:3720083:1' });
  });

  it('searching by name: the only product found gives cnk and localProduct; results once complete', async () => {
    const gate = deferred();
    serve(sse(dafalganStream({ afterFirst: gate.promise })));
    renderHome();
    submit('dafalgan');
    await waitFor(() => expect(context().localProduct).toBe('3720083×1'));
    expect(context()).toEqual({ cnk: '3720083', localProduct: '3720083×1', results: '' });
    gate.resolve();
    await waitFor(() => expect(context().results).toBe('name:dafalgan:1'));
    expect(context()).toEqual({ cnk: '3720083', localProduct: '3720083×3', results: 'name:dafalgan:1' });
  });

  it('searching by name with several products: results, but no single cnk or localProduct', async () => {
    const forte = offer({ cnk: '1234567', name: 'Dafalgan Forte 1 g', price: 7.1 });
    const result = dafalganResult({
      products: [...dafalganResult().products, product([{ ...forte, best: true }], { slug: null })],
    });
    serve(sse(searchStream([[retailerAnswer('farmaline', [FARMALINE, forte])]], result)));
    renderHome();
    submit('dafalgan');
    await waitFor(() => expect(context().results).toBe('name:dafalgan:2'));
    expect(context()).toEqual({ cnk: '', localProduct: '', results: 'name:dafalgan:2' });
  });

  it("opening a product page: its CNK, the product's offers and the results of the search by CNK", async () => {
    serve(
      sse(
        searchStream([[retailerAnswer('farmaline', [FARMALINE])]], dafalganResult({ query: '3720083', kind: 'cnk' })),
      ),
    );
    renderWithProviders(
      <SearchProvider>
        <ProductContent />
        <ContextProbe />
      </SearchProvider>,
      { locale: 'fr', route: `/${SLUG}`, path: '/:slug/*' },
    );
    await waitFor(() => expect(context().results).toBe('cnk:3720083:1'));
    expect(context()).toEqual({ cnk: '3720083', localProduct: '3720083×3', results: 'cnk:3720083:1' });
    // (The page's price history and the same medicine in other packs are asked for beside them:
    // price-history.test.tsx and same-medicine.test.tsx cover them.)
    const beside = (p: string) => p.includes('/history/') || p.includes('/equivalents/');
    expect(server.requests.map((r) => r.path).filter((p) => !beside(p))).toEqual([
      `/api/products/${SLUG}/`,
      '/api/search?q=3720083&lang=fr',
    ]);
  });
});
