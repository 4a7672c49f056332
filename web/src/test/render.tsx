import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { Locale } from '@pharmaradar/shared/locales';
import { I18nProvider } from '../lib/i18n/i18n-provider';
import { SessionProvider } from '../lib/session/session-provider';
import { loadMessagesFromDisk } from './disk-messages';

export interface RenderOptions {
  /** Interface language; the real JSON of web/public/locales/<locale> is loaded. Default 'fr'. */
  locale?: Locale;
  /** Initial URL. Default '/'. */
  route?: string;
  /** Route pattern for `ui` so useParams works, e.g. '/reset-password/:uid/:token'. Default '*'. */
  path?: string;
  /** Extra routes (e.g. a target page to assert a redirect). */
  routes?: RouteObject[];
  /** Wrap in the real SessionProvider (it calls /api/auth/csrf/ and /api/auth/me/). Default false. */
  session?: boolean;
  /** Any extra wrapper inside the providers (e.g. a feature context). */
  wrapper?: (children: ReactNode) => ReactNode;
}

export type RenderWithProvidersResult = RenderResult & { router: ReturnType<typeof createMemoryRouter> };

/**
 * Renders `ui` as a page: IntlProvider with the real messages, a memory data router, optional session.
 * A message id missing from the locale files fails the test (setup.ts, missing-messages.ts).
 */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}): RenderWithProvidersResult {
  const { locale = 'fr', route = '/', path = '*', routes = [], session = false, wrapper } = options;
  const wrapped = wrapper ? wrapper(ui) : ui;
  const router = createMemoryRouter([...routes, { path, element: wrapped }], { initialEntries: [route] });
  const tree = (
    <I18nProvider locale={locale} messages={loadMessagesFromDisk(locale)}>
      {session ? (
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      ) : (
        <RouterProvider router={router} />
      )}
    </I18nProvider>
  );
  return Object.assign(render(tree), { router });
}
