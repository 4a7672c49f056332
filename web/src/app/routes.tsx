import { Navigate, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { LOCALES, type Locale } from '@pharmaradar/shared/locales';
import NotFoundPage from './not-found/not-found.page';
import { classifyCatchAll } from '../lib/router/path-rules';
import { lazyPage } from './lazy-page';
import { nextTask } from '../lib/perf/next-task';
import { RouteError } from './route-error';
import { AppRoot, BootError, BootScreen, rootLoader, shouldRevalidateRoot } from './root';

/**
 * docs/product.md#routes route table. Every page exists bare (French) and under /fr, /en, /nl; under a prefix the
 * plans page /offers is `pro` and the Pro tool /pro is `nego`. Each page is a lazy chunk of its own
 * file: a feature's page (`features/<domain>/<name>.page.tsx`), a page that composes several features
 * (`app/pages/<name>.page.tsx`) or a page of the app shell (the update page); the domain map is ADR 149.
 */
// The home page has its own header and footer: the shared layouts load with the first page that uses them.
const layout = async () => ({ Component: (await import('./layout/layout')).Layout });
const proWall = async () => ({ Component: (await import('./pro-wall')).ProWall });
const staffOnly = async () => ({ Component: (await import('./staff-only')).StaffOnly });
const plainLayout = async () => ({ Component: (await import('./layout/plain-layout')).PlainLayout });

function pageRoutes(prefix: Locale | null): RouteObject[] {
  const notFound = prefix ? `/${prefix}/404` : '/404';

  // Catch-all product landing page `/{slug}/*`; rules and examples in lib/router/path-rules.ts.
  const catchAll: RouteObject = {
    path: ':slug/*',
    loader: ({ params }: LoaderFunctionArgs) => {
      if (classifyCatchAll(params.slug ?? '') === 'not-found') throw redirect(notFound);
      return null;
    },
    // Its schemas (zod) first, in a task of their own: page and schemas at once took a slow phone
    // over 50 ms to evaluate (ADR 184).
    lazy: lazyPage(() =>
      import('@pharmaradar/shared/product-landing').then(nextTask).then(() => import('./pages/product.page')),
    ),
  };

  return [
    // Home has no shared layout (app/pages/home.page.tsx).
    { index: true, lazy: lazyPage(() => import('./pages/home.page')), errorElement: <RouteError /> },
    {
      // docs/product.md#plain-layout-pages: plain-layout pages.
      lazy: plainLayout,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            { path: 'update', lazy: lazyPage(() => import('./update/update.page')) },
            { path: 'promo', lazy: lazyPage(() => import('../features/billing/promo.page')) },
            {
              path: 'admin',
              lazy: staffOnly,
              children: [{ index: true, lazy: lazyPage(() => import('../features/admin/admin.page')) }],
            },
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
            { path: 'login', lazy: lazyPage(() => import('../features/accounts/login.page')) },
            { path: 'register', lazy: lazyPage(() => import('../features/accounts/register.page')) },
            { path: 'verify-otp', lazy: lazyPage(() => import('./pages/verify-otp.page')) },
            { path: 'forgot-password', lazy: lazyPage(() => import('../features/accounts/forgot-password.page')) },
            {
              path: 'reset-password/:uid/:token',
              lazy: lazyPage(() => import('../features/accounts/reset-password.page')),
            },
            { path: 'activate/:uid/:token', lazy: lazyPage(() => import('../features/accounts/activate.page')) },
            // Information (info-pages).
            { path: 'about', lazy: lazyPage(() => import('../features/info/about.page')) },
            { path: 'legal', lazy: lazyPage(() => import('../features/info/legal.page')) },
            { path: 'privacy', lazy: lazyPage(() => import('../features/info/privacy.page')) },
            { path: 'faq', lazy: lazyPage(() => import('../features/info/faq.page')) },
            { path: 'contact', lazy: lazyPage(() => import('./pages/contact.page')) },
            // Nearby pharmacies map (docs/architecture.md#settled-choices: before the product catch-all).
            { path: 'pharmacies', lazy: lazyPage(() => import('../features/pharmacies/pharmacies.page')) },
            // The basket (before the product catch-all too, ADR 113).
            { path: 'panier', lazy: lazyPage(() => import('../features/basket/basket.page')) },
            // Account and billing.
            { path: 'compte', lazy: lazyPage(() => import('./pages/account.page')) },
            { path: 'congrats', lazy: lazyPage(() => import('../features/billing/congrats.page')) },
            { path: 'subscription', lazy: lazyPage(() => import('../features/billing/subscription.page')) },
            // Plans page and Pro tool: renamed under a language prefix (docs/product.md#routes).
            { path: prefix ? 'pro' : 'offers', lazy: lazyPage(() => import('../features/billing/offers.page')) },
            // The Pro tool behind its wall (app/pro-wall.tsx): visitors and free users see the wall instead.
            {
              path: prefix ? 'nego' : 'pro',
              lazy: proWall,
              children: [{ index: true, lazy: lazyPage(() => import('../features/pro/pro-tool.page')) }],
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
