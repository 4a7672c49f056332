import { Navigate, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { LOCALES, type Locale } from '@pharmaradar/shared';
import NotFoundPage from '../features/not-found/not-found.page';
import { classifyCatchAll } from '../lib/router/path-rules';
import { lazyPage } from './lazy-page';
import { RouteError } from './route-error';
import { AppRoot, BootError, BootScreen, rootLoader, shouldRevalidateRoot } from './root';

/**
 * docs/product.md#routes route table. Every page exists bare (French) and under /fr, /en, /nl; under a prefix the
 * plans page /offers is `pro` and the Pro tool /pro is `nego`. Pages are lazy chunks named by their
 * file (`features/<f>/<name>.page.tsx`): a page whose file does not exist yet shows "not available
 * yet" (lazy-page.ts), so a helper only has to create its file, or edit its own line here.
 */
// The home page has its own header and footer: the shared layouts load with the first page that uses them.
const layout = async () => ({ Component: (await import('../features/layout/layout')).Layout });
const proWall = async () => ({ Component: (await import('./pro-wall')).ProWall });
const staffOnly = async () => ({ Component: (await import('./staff-only')).StaffOnly });
const plainLayout = async () => ({ Component: (await import('../features/layout/plain-layout')).PlainLayout });

function pageRoutes(prefix: Locale | null): RouteObject[] {
  const notFound = prefix ? `/${prefix}/404` : '/404';

  // Catch-all product landing page `/{slug}/*`; rules and examples in lib/router/path-rules.ts.
  const catchAll: RouteObject = {
    path: ':slug/*',
    loader: ({ params }: LoaderFunctionArgs) => {
      if (classifyCatchAll(params.slug ?? '') === 'not-found') throw redirect(notFound);
      return null;
    },
    lazy: lazyPage('search/product'),
  };

  return [
    // Home has no shared layout (web-search: features/search/home.page.tsx).
    { index: true, lazy: lazyPage('search/home'), errorElement: <RouteError /> },
    {
      // docs/product.md#plain-layout-pages: plain-layout pages (a later issue builds them).
      lazy: plainLayout,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            { path: 'update', lazy: lazyPage('update/update') },
            { path: 'promo', lazy: lazyPage('billing/promo') },
            { path: 'admin', lazy: staffOnly, children: [{ index: true, lazy: lazyPage('admin/admin') }] },
          ],
        },
      ],
    },
    {
      lazy: layout,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            // Authentication (auth-web).
            { path: 'login', lazy: lazyPage('auth/login') },
            { path: 'register', lazy: lazyPage('auth/register') },
            { path: 'verify-otp', lazy: lazyPage('auth/verify-otp') },
            { path: 'forgot-password', lazy: lazyPage('auth/forgot-password') },
            { path: 'reset-password/:uid/:token', lazy: lazyPage('auth/reset-password') },
            { path: 'activate/:uid/:token', lazy: lazyPage('auth/activate') },
            // Information (info-pages).
            { path: 'about', lazy: lazyPage('info/about') },
            { path: 'legal', lazy: lazyPage('info/legal') },
            { path: 'privacy', lazy: lazyPage('info/privacy') },
            { path: 'faq', lazy: lazyPage('info/faq') },
            { path: 'contact', lazy: lazyPage('info/contact') },
            // Nearby pharmacies map (docs/architecture.md#settled-choices: before the product catch-all).
            { path: 'pharmacies', lazy: lazyPage('pharmacies/pharmacies') },
            // The basket (issue 12 item 5; before the product catch-all too, ADR 113).
            { path: 'panier', lazy: lazyPage('basket/basket') },
            // Account and billing (later issues).
            { path: 'compte', lazy: lazyPage('account/account') },
            { path: 'congrats', lazy: lazyPage('billing/congrats') },
            { path: 'subscription', lazy: lazyPage('billing/subscription') },
            // Plans page and Pro tool: renamed under a language prefix (docs/product.md#routes).
            { path: prefix ? 'pro' : 'offers', lazy: lazyPage('billing/offers') },
            // The Pro tool behind its wall (app/pro-wall.tsx): visitors and free users see the wall instead.
            {
              path: prefix ? 'nego' : 'pro',
              lazy: proWall,
              children: [{ index: true, lazy: lazyPage('pro/pro-tool') }],
            },
            ...(prefix ? [{ path: 'offers', element: <Navigate to={`/${prefix}/pro`} replace /> }] : []),
            { path: '404', element: <NotFoundPage /> },
            catchAll,
          ],
        },
      ],
    },
  ];
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: rootLoader,
    shouldRevalidate: shouldRevalidateRoot,
    element: <AppRoot />,
    hydrateFallbackElement: <BootScreen />,
    errorElement: <BootError />,
    children: [...pageRoutes(null), ...LOCALES.map((locale) => ({ path: locale, children: pageRoutes(locale) }))],
  },
];
