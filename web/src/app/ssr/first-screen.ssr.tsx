import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { LOCALES, type Locale } from '@pharmaradar/shared/locales';
import type { FirstScreenPage, FirstScreenRenderer } from '@pharmaradar/shared/first-screen.schema';
import HomePage, { HomeResultsPart } from '../pages/home.page';
import ProductPage, { ProductPriceParts } from '../pages/product.page';
import NotFoundPage from '../not-found/not-found.page';
import { Layout } from '../layout/layout';
import { flattenMessages } from '../../lib/i18n/flatten';
import { I18nProvider } from '../../lib/i18n/i18n-provider';
import type { Messages } from '../../lib/i18n/load-locale';
import { SessionProvider } from '../../lib/session/session-provider';
import { ScanActionContext } from '../../lib/scan/scan-action';
import { ScanButton } from '../../features/scan/scan-button';
import { LandingSeedContext, PricesSeedContext } from '../../lib/first-screen-seeds/product-seeds';

// Server-side entry of the web build (vite build --ssr, ADR 119): the server draws the home page and
// the product landing pages with the app's own components, so a phone shows the page from the HTML
// while the app loads, then the app takes the screen over with the same page. It also draws a product
// page's price parts alone, for a page drawn without its prices to swap in (ADR 140), and the home
// page's results alone, for a search made before the app runs, as each shop answers (ADR 167), and
// for a search address the server answers itself, ended or refused (ADR 180).

const files = import.meta.glob<unknown>('../../../public/locales/*/*.json', { eager: true, import: 'default' });
const messages = new Map<Locale, Messages>(LOCALES.map((locale) => [locale, {}]));
for (const [file, content] of Object.entries(files)) {
  const [, locale, namespace] = /\/locales\/([a-z]+)\/([a-z-]+)\.json$/.exec(file) ?? [];
  const table = messages.get(locale as Locale);
  if (table && namespace) flattenMessages(content, namespace, table);
}

function page(input: FirstScreenPage): ReactNode {
  if (input.page === 'home')
    // No splash over a page the server drew (ADR 166).
    return <HomePage />;
  // A product page the server has no product for (sent with a 404): the app's not-found page.
  if (input.page === 'not-found')
    return (
      <Routes>
        <Route element={<Layout />}>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    );
  return (
    <LandingSeedContext.Provider value={input.product}>
      <PricesSeedContext.Provider value={input.prices ?? null}>
        <Routes>
          <Route element={<Layout />}>
            <Route
              path={input.path.startsWith(`/${input.locale}/`) ? `${input.locale}/:slug/*` : ':slug/*'}
              element={<ProductPage />}
            />
          </Route>
        </Routes>
      </PricesSeedContext.Provider>
    </LandingSeedContext.Provider>
  );
}

/** The providers every drawn page has, as the app's start gives them. */
function Providers({ locale, path, children }: { locale: Locale; path: string; children: ReactNode }) {
  return (
    <StaticRouter location={path}>
      <I18nProvider locale={locale} messages={messages.get(locale) ?? {}}>
        {/* As the app starts: signed out until the browser has asked the server. */}
        <SessionProvider>
          <ScanActionContext.Provider value={ScanButton}>{children}</ScanActionContext.Provider>
        </SessionProvider>
      </I18nProvider>
    </StaticRouter>
  );
}

export const renderFirstScreen: FirstScreenRenderer['renderFirstScreen'] = (input) =>
  renderToString(
    <Providers locale={input.locale} path={input.path}>
      {page(input)}
    </Providers>,
  );

export const renderProductPrices: FirstScreenRenderer['renderProductPrices'] = (input) =>
  renderToString(
    <Providers locale={input.locale} path={input.path}>
      <ProductPriceParts prices={input.prices} {...(input.events ? { events: input.events } : {})} />
    </Providers>,
  );

export const renderSearchResults: NonNullable<FirstScreenRenderer['renderSearchResults']> = (input) =>
  renderToString(
    <Providers locale={input.locale} path={input.path}>
      <HomeResultsPart
        start={{ started: input.query, events: input.events, ...(input.failed ? { failed: input.failed } : {}) }}
      />
    </Providers>,
  );
