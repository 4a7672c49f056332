import { describe, expect, it } from 'vitest';
import { productLanding, type ProductLandingResponse } from '@pharmaradar/shared/product-landing';
import en from '../../../public/locales/en/search.json';
import nl from '../../../public/locales/nl/search.json';
import { renderFirstScreen, renderProductPrices, renderSearchResults } from './first-screen.ssr';
import { dafalganResult, offer, product } from '../../features/search/testing/search-fixtures';

// The server draws these pages with this entry (ADR 119): with no network and no effects run, the
// app's own components must give the page a visitor would see once the app has loaded. (On Node,
// the real server draws them with the built entry in the journeys and the Lighthouse run.)
const PRODUCT = { name: 'Dafalgan 500 mg 30 comprimés', brand: 'Dafalgan', cnk: '3720083' };
const LANDING: ProductLandingResponse = {
  slug: 'dafalgan-500-mg-30-comprimes-3720083',
  ...PRODUCT,
  image: null,
  landing: productLanding(PRODUCT),
};

/** A jQuery-like `$` over the drawn HTML: text of the first match, an attribute, a count. */
function load(html: string) {
  const document = new DOMParser().parseFromString(`<div id="root">${html}</div>`, 'text/html');
  const $ = (selector: string) => {
    const all = Array.from(document.querySelectorAll(selector));
    return {
      length: all.length,
      text: () => all[0]?.textContent ?? '',
      attr: (name: string) => all[0]?.getAttribute(name) ?? undefined,
      attrs: (name: string) => all.map((node) => node.getAttribute(name)),
    };
  };
  return $;
}

describe('the first screen drawn on the server', () => {
  it('the home page in its language, with its links in that language', () => {
    const $ = load(renderFirstScreen({ page: 'home', locale: 'nl', path: '/nl' }));
    expect($('h1').text()).toBe(nl.hero.title);
    expect($('input[name="q"]').attr('placeholder')).toBe(nl.form.placeholder);
    expect($('a[href="/nl/about"]').length).toBeGreaterThan(0);
    const $en = load(renderFirstScreen({ page: 'home', locale: 'en', path: '/en' }));
    expect($en('h1').text()).toBe(en.hero.title);
  });

  it('a product page with its product, as the app shows it once loaded (not a spinner)', () => {
    const $ = load(renderFirstScreen({ page: 'product', locale: 'en', path: `/en/${LANDING.slug}`, product: LANDING }));
    expect($('main h1').text()).toBe(LANDING.landing.en.heading);
    expect($('.product-page__intro').text()).toBe(LANDING.landing.en.intro);
    expect($('[data-testid="product-loading"]').length).toBe(0);
    expect($('[data-testid="navbar"]').length).toBe(1); // inside the shared layout
    const bare = load(renderFirstScreen({ page: 'product', locale: 'fr', path: `/${LANDING.slug}`, product: LANDING }));
    expect(bare('main h1').text()).toBe(LANDING.landing.fr.heading);
  });

  it.each([
    ['fr', '/no-such-product', 'Page introuvable', '/'],
    ['nl', '/nl/no-such-product', 'Pagina niet gevonden', '/nl'],
    ['en', '/en/no-such-product', 'Page not found', '/en'],
  ] as const)('a product page without a product: the app not-found page in %s', (locale, path, title, home) => {
    const $ = load(renderFirstScreen({ page: 'not-found', locale, path }));
    expect($('main h1').text()).toBe(title);
    expect($(`main a[href="${home}"]`).length).toBe(1);
    expect($('[data-testid="navbar"]').length).toBe(1);
  });

  it('a product page drawn with its cached prices and history: whole, links and all (ADR 121)', () => {
    const demoLink = '/__demo/retailers/farmaline/fr/dafalgan.htm';
    const result = dafalganResult({
      query: PRODUCT.cnk,
      kind: 'cnk',
      products: [product([offer({ retailer: 'farmaline', price: 3.49, url: demoLink, best: true })])],
    });
    const history = {
      cnk: PRODUCT.cnk,
      currency: 'EUR' as const,
      today: '2026-03-14',
      demo: true,
      retailers: [
        {
          retailer: 'farmaline',
          points: [{ day: '2026-03-14', price: 3.49, low: 3.49, inStock: true, wasPrice: null }],
          low30: 3.49,
          current: { day: '2026-03-14', price: 3.49, low: 3.49, inStock: true, wasPrice: null },
          priorPrice: null,
        },
      ],
      low30: 3.49,
      bestPrice: 3.49,
      bestIsLow30: true,
    };
    const html = renderFirstScreen({
      page: 'product',
      locale: 'en',
      path: `/en/${LANDING.slug}`,
      product: LANDING,
      prices: {
        cnk: PRODUCT.cnk,
        search: { result, freshUntil: new Date(Date.now() + 60_000).toISOString() },
        history,
      },
    });
    const $ = load(html);
    expect($('[data-testid="search-stage"]').attr('data-stage')).toBe('complete');
    expect($('[data-testid="offer-price"]').text()).toContain('3.49');
    // The best price among the product's facts, above the comparison: in a phone's first screen.
    expect($('.product-page__facts [data-testid="best-price"]').text()).toContain('3.49');
    expect($('.product-page__facts [data-prices-part="best"]').text()).toContain('Farmaline');
    // The offer's link is drawn (on the server a demo shop's path stays a path: retailers.test.ts).
    expect(
      $('a.offer__link')
        .attrs('href')
        .map((href) => new URL(href!, 'http://x.invalid').pathname),
    ).toEqual([demoLink]);
    expect($('[data-testid="add-to-basket"]').length).toBe(1);
    expect($('[data-testid="history-retailer"]').length).toBe(1);
    expect($('[data-testid="history-loading"]').length).toBe(0);
    // The CSP refuses style attributes in markup: a drawn page carries none.
    expect(html).not.toMatch(/\sstyle="/);

    // Nothing cached: drawn as a comparison under way (completed in place, ADR 121), with the history.
    const coldHtml = renderFirstScreen({
      page: 'product',
      locale: 'en',
      path: `/en/${LANDING.slug}`,
      product: LANDING,
      prices: { cnk: PRODUCT.cnk, search: null, history },
    });
    const cold = load(coldHtml);
    expect(cold('[data-testid="search-stage"]').attr('data-stage')).toBe('launching');
    expect(cold('[data-testid="offer"]').length).toBe(0);
    expect(cold('[data-testid="history-retailer"]').length).toBe(1);
    expect(cold('[data-prices-part]').attrs('data-prices-part')).toEqual(['best', 'offers', 'history']);
    expect(cold('[data-prices-part="best"]').text()).toContain('searching…');
    expect(coldHtml).not.toMatch(/\sstyle="/);

    // The price parts alone (ADR 140), which a page drawn without prices swaps in: the very markup
    // the whole page draws them with, every part in page order and nothing else.
    const prices = {
      cnk: PRODUCT.cnk,
      search: { result, freshUntil: new Date(Date.now() + 60_000).toISOString() },
      history,
    };
    const parts = renderProductPrices({ locale: 'en', path: `/en/${LANDING.slug}`, prices });
    const partsRoot = new DOMParser().parseFromString(`<body>${parts}</body>`, 'text/html').body;
    expect([...partsRoot.children].map((node) => node.getAttribute('data-prices-part'))).toEqual([
      'best',
      'offers',
      'history',
    ]);
    const whole = new DOMParser().parseFromString(html, 'text/html').body;
    expect([...partsRoot.children].map((node) => node.outerHTML)).toEqual(
      [...whole.querySelectorAll('[data-prices-part]')].map((node) => node.outerHTML),
    );
    expect(parts).not.toMatch(/\sstyle="/);
  });

  it('the parts under way after each answer, as the app draws them then (ADR 167)', () => {
    const farmaline = offer({ retailer: 'farmaline', price: 3.49, best: false });
    const events = [
      { event: 'stage' as const, data: { stage: 'launching' as const, demo: true } },
      {
        event: 'retailer' as const,
        data: { retailer: 'farmaline', status: 'ok' as const, ms: 40, offers: [farmaline] },
      },
    ];
    // The home page's results: the first shop's price, the others still asked.
    const resultsHtml = renderSearchResults({ locale: 'en', path: '/en', query: 'dafalgan', events });
    // The CSP refuses style attributes, also on a part drawn while the shops answer (its progress bar).
    expect(resultsHtml).not.toMatch(/\sstyle="/);
    const results = load(resultsHtml);
    expect(results('[data-prices-part]').attrs('data-prices-part')).toEqual(['results']);
    expect(results('[data-prices-part="results"]').attr('aria-label')).toContain('dafalgan');
    expect(results('[data-testid="offer-price"]').text()).toContain('3.49');
    expect(results('[data-testid="search-stage"]').attr('data-stage')).not.toBe('complete');
    // A product page's parts: the same, with the history the page was drawn with.
    const cold = { cnk: PRODUCT.cnk, search: null, history: null };
    const parts = load(
      renderProductPrices({ locale: 'en', path: `/en/${LANDING.slug}`, prices: cold, events: events.slice(0, 1) }),
    );
    expect(parts('[data-prices-part]').attrs('data-prices-part')).toEqual(['best', 'offers', 'history']);
    expect(parts('[data-testid="offer"]').length).toBe(0);
    expect(parts('[data-prices-part="best"]').text()).toContain('searching…');
    // After the first shop's answer, its price is the best one so far.
    const answered = load(renderProductPrices({ locale: 'en', path: `/en/${LANDING.slug}`, prices: cold, events }));
    expect(answered('[data-prices-part="best"] [data-testid="best-price"]').text()).toContain('3.49');
    // The basket form's room is there before it (no jump when it comes).
    expect(parts('.product-page__basket-slot').length).toBe(1);
    expect(parts('[data-testid="add-to-basket"]').length).toBe(0);
  });

  it('a search address drawn by the server: the home page at it, and its results ended or refused (ADR 180)', () => {
    const $ = load(renderFirstScreen({ page: 'home', locale: 'nl', path: '/nl?q=dafalgan' }));
    expect($('input[name="q"]').attr('value')).toBe('dafalgan');
    expect($('.home-hero--compact').length).toBe(1);
    expect($('[data-results-slot]').length).toBe(1);
    // The plain form lands on the results the server drew, scrolled into view by the browser.
    expect($('form[role="search"]').attr('action')).toBe('#results');
    // Ended: every offer of the result, as the in-place search's last part draws it.
    const ended = load(
      renderSearchResults({
        locale: 'nl',
        path: '/nl',
        query: 'dafalgan',
        events: [{ event: 'result', data: dafalganResult() }],
      }),
    );
    expect(ended('[data-prices-part="results"]').attr('id')).toBe('results');
    expect(ended('[data-testid="offer-price"]').length).toBeGreaterThan(0);
    expect(ended('[data-testid="search-error"]').length).toBe(0);
    // Refused: the app's error with the server's translated reason under it.
    const refused = load(
      renderSearchResults({
        locale: 'nl',
        path: '/nl',
        query: 'dafalgan',
        events: [],
        failed: { code: 'rate_limited', detail: 'Te veel zoekopdrachten.' },
      }),
    );
    expect(refused('[data-testid="search-error"] .search-notice__text').text()).toBe(nl.error.fetch);
    expect(refused('.search-notice__detail').text()).toBe('Te veel zoekopdrachten.');
    expect(refused('[data-testid="offer"]').length).toBe(0);
  });

  it('a product page shows its prices before its long descriptive text (ADR 167)', () => {
    const html = renderFirstScreen({ page: 'product', locale: 'en', path: `/en/${LANDING.slug}`, product: LANDING });
    const page = new DOMParser().parseFromString(html, 'text/html');
    const prices = page.querySelector('[data-prices-part="offers"]')!;
    const intro = page.querySelector('.product-page__intro')!;
    expect(prices.compareDocumentPosition(intro) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
