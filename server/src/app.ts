import { Hono } from 'hono';
import { getPath } from 'hono/utils/url';
import type { AppDeps } from './app-deps';
import { limitBody } from './lib/body-limit';
import { clientAddress } from './lib/client-address';
import { officialNameOf } from './lib/catalogue-lookup';
import { csrfProtection, csrfTokenHandler } from './lib/csrf';
import { errorHandler, notFoundHandler, renderHttpError } from './lib/error-handler';
import { HttpError } from './lib/http-error';
import { COMMON_MESSAGES } from './lib/i18n';
import { securityHeaders } from './lib/security-headers';
import { answerHeaders, onAnswer } from './lib/answer-headers';
import { webApp, type HtmlTransformer } from './lib/web-static';
import { createHealthRoutes } from './features/health/health.routes';
import { createContactRoutes } from './features/contact/contact.routes';
import { createContactRepository } from './features/contact/contact.repository';
import { contactPersonalData } from './features/contact/contact.service';
import { createAccountUsers, createAccountsModule } from './features/accounts/accounts.module';
import { purgeAccount } from './jobs/purge.job';
import type { RepeatingJob } from './lib/repeating-job';
import { createProductsModule } from './features/products/products.module';
import { createPriceHistoryModule } from './features/price-history/price-history.module';
import { createSearchModule } from './features/search/search.module';
import { createPharmaciesModule, tileImageSource } from './features/pharmacies/pharmacies.module';
import { createProModule, proPersonalData, proSearchUsed } from './features/pro/pro.module';
import { adNetworkOrigin, createAdsRoutes } from './features/ads/ads.module';
import { createAdminActivity, createAdminModule } from './features/admin/admin.module';
import { retailersCheckOn } from './retailers/retailers-check';
import { withLinkTemplates } from './retailers/lib/link-templates';
import { createBillingModule } from './features/billing/billing.module';
import { createShippingRoutes } from './features/shipping/shipping.routes';
import { alertsPersonalData, createAlertsModule } from './features/alerts/alerts.module';
import { createPushModule, pushPersonalData } from './features/push/push.module';
import { summariseUserAgent } from './features/accounts/user-agent';
import { createFirstScreenModule } from './features/first-screen/first-screen.module';
import { requestLog } from './lib/request-log';
import { createCatalogueModule } from './features/catalogue/catalogue.module';
import { createFeedsModule } from './features/feeds/feeds.module';
import { createMarketModule } from './features/market/market.module';
import type { PassSummary } from './features/market/market-refresh.job';
import { isFeedShop } from './retailers/types';

const ALLOWED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * API paths answer with or without their trailing slash (docs/architecture.md#contracts writes them with one): the slash is
 * dropped from the request path here, and aliasApiRoutes registers every /api route without it.
 */
function apiPath(request: Request): string {
  const path = getPath(request);
  return path.length > 4 && path.startsWith('/api/') && path.endsWith('/') ? path.slice(0, -1) : path;
}

function aliasApiRoutes(app: Hono): void {
  for (const route of [...app.routes]) {
    const { method, path, handler } = route;
    if (path.startsWith('/api/') && path.endsWith('/') && !path.endsWith('*'))
      app.on(method, path.slice(0, -1), handler);
  }
}

/** What the composition gives server.ts: the app to serve and the jobs the modules own. */
export interface ComposedApp {
  app: Hono;
  /** Every repeating job a module owns (server.ts starts them through the job scheduler). */
  jobs: readonly RepeatingJob[];
  /** One pass of the price alerts' checks (tests run it instead of waiting for the job). */
  alertChecks: () => Promise<{ checked: number; mailed: number; pushed: number }>;
  /** One pass of the push delivery job: what is queued and due goes out (tests, `npm run alerts:check`). */
  pushDeliveries: () => Promise<{ sent: number; removed: number; failed: number }>;
  /** One pass of the market refresh job now (`npm run market:refresh`, tests). */
  marketRefresh: () => Promise<PassSummary>;
  /** Resolves once the account work done after the answers (rows, codes, mails) has all finished. */
  pendingMails: () => Promise<void>;
}

export function createApp(deps: AppDeps): ComposedApp {
  const { env, log } = deps;
  const app = new Hono({ getPath: apiPath });

  // Runs around everything (JSON, HTML, static files, 404, 405, 413, 500): headers on every answer.
  const tileSource = tileImageSource(env.MAP_TILES_URL);
  app.use(
    '*',
    answerHeaders(
      securityHeaders({ extraImgSrc: tileSource ? [tileSource] : [], adNetworkOrigin: adNetworkOrigin(env) }),
    ),
  );
  app.use('*', async (c, next) => {
    c.set('clientIp', clientAddress(c, env.TRUST_PROXY));
    if (!ALLOWED_METHODS.has(c.req.method)) {
      c.header('Allow', [...ALLOWED_METHODS].join(', '));
      return renderHttpError(c, new HttpError(405, 'method_not_allowed', COMMON_MESSAGES.methodNotAllowed));
    }
    await next();
  });
  app.use('*', requestLog(log));

  // No Access-Control-* header is ever sent: the API serves its own origin only (no CORS).
  app.use('/api/*', (c, next) => {
    onAnswer(c, (headers) => {
      if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
    });
    return next();
  });
  app.use('/api/*', csrfProtection(env));
  app.use('/api/*', limitBody());

  app.get('/api/auth/csrf/', csrfTokenHandler(env));
  app.route('/api', createHealthRoutes(deps));

  const htmlTransformers: HtmlTransformer[] = [...(deps.htmlTransformers ?? [])];
  // --- feature routers ---
  // Mount each feature here: app.route('/api/<feature>', createXRoutes(deps)). Write route paths with
  // their trailing slash ('/login/'); a router's own root is the mount path itself, so prefer
  // app.route('/api', r) with r.post('/contact/', …). Both spellings answer (see apiPath).
  // To rewrite index.html for client routes (product landing), push an HtmlTransformer into
  // `htmlTransformers`.
  // Modules are built in dependency order, each before its first use. Where two features need each
  // other, the one that only reads the database provides its port first: the accounts' users (the user
  // shape, mail recipients) before billing, whose subscriptions account deletion ends; the admin's
  // search activity recorder before the feeds, whose sources and connectors the admin shows and checks.
  // The user shape's search_used is the Pro feature's monthly count (pro_usage), read by accounts and billing.
  const searchUsed = proSearchUsed(deps.db);
  const accountUsers = createAccountUsers({ db: deps.db, now: deps.now, searchUsed });
  const billing = createBillingModule({ ...deps, users: accountUsers.users }, deps.stripe);
  // Accounts before the routers: the session middleware puts `user` on the context for every router below it.
  const accounts = createAccountsModule({
    ...deps,
    // Account deletion erases the personal data every feature holds; the purge job knows them all.
    purgeAccount: (userId, log) => purgeAccount({ db: deps.db, log }, userId),
    // The data export gathers what every feature holds about the user.
    personalData: [
      contactPersonalData(createContactRepository(deps.db)),
      proPersonalData(deps.db),
      alertsPersonalData(deps.db),
      pushPersonalData(deps.db),
    ],
    searchUsed,
    // Deletion ends the paid subscription first (ADR 130).
    subscriptions: billing.subscriptions,
    // A logout turns push off on the browsers that session turned it on for (a shared tablet).
    loggingOut: (sessionId) => push.service.sessionEnded(sessionId),
  });
  app.use('/api/*', accounts.sessionMiddleware);
  // Web Push for price alerts: the VAPID key, each user's devices and the delivery of their messages.
  const push = createPushModule({
    ...deps,
    requireUser: accounts.requireUser,
    deviceLabel: (userAgent) => {
      const { browser, os } = summariseUserAgent(userAgent);
      return [browser, os].filter(Boolean).join(' · ');
    },
  });
  app.route('/api', push.routes);
  // After the session middleware: a signed-in Pro or Ultra sender's message is priority.
  app.route('/api', createContactRoutes({ ...deps, isPriority: accounts.isPrioritySender }));
  app.route('/api', accounts.routes);
  // Demo mode: the demo shops' pages and pictures under /__demo/retailers/… (offer links point there).
  deps.demoRetailers?.mount(app);
  // The search records every price it sees into the history; product pages read it (API, JSON-LD).
  // On the prices' clock: a demo day moved on by staff is a new day of history (ADR 122).
  const priceHistory = createPriceHistoryModule({ ...deps, now: deps.pricesNow });
  // The official catalogue (SAM): demo mode imports the demo export here; live mode updates it weekly.
  // Its verdict decides what the search, product pages and alerts may offer (ADR 157).
  const catalogue = createCatalogueModule(deps);
  // Product pages show the same medicine in other packs with the best price the history knows (ADR 159).
  const products = createProductsModule(
    {
      ...deps,
      verdict: catalogue.lookup.verdict,
      officialName: (cnk, lang) => officialNameOf(catalogue.lookup, cnk, lang),
    },
    {
      offers: priceHistory.service,
      equivalents: {
        catalogue: catalogue.lookup,
        prices: { bestPrice: (cnk) => priceHistory.service.history(cnk).bestPrice },
      },
    },
  );
  app.route('/api', products.routes);
  // The admin's recorder of what the search and the feeds report (retailer health, search statistics).
  const adminActivity = createAdminActivity(deps);
  // Shops read from their product feeds answer in place of their pages (docs/decisions/170); a refused
  // import counts as a failed call of the shop, so /admin and the shop alarm show it (ADR 171).
  const feeds = createFeedsModule({
    ...deps,
    catalogue: catalogue.lookup,
    refused: adminActivity.feedRefused,
    ...(deps.feedImportEnded ? { ended: deps.feedImportEnded } : {}),
  });
  // Affiliate links: a shop with a link template answers its offer links through it.
  const connectors = withLinkTemplates(feeds.connectors(deps.connectors), env.RETAILER_LINK_TEMPLATES);
  // The market kept warm (ADR 234): every fresh answer a search gets goes into its store, the refresh
  // job keeps the wanted CNKs fresh in the lane live searches leave free, Pro, product pages and
  // alerts answer fresh CNKs from it (ADR 249).
  // On the prices' clock, as the search cache.
  const market = createMarketModule({ ...deps, now: deps.pricesNow });
  const pageShops = connectors.filter((c) => !isFeedShop(c)).map((c) => c.id);
  // Staff admin: it reads what the recorder holds and checks the running connectors.
  const admin = createAdminModule({
    ...deps,
    activity: adminActivity,
    requireStaff: accounts.requireStaff,
    plans: billing.plans,
    checkRetailers: retailersCheckOn(connectors),
    retailerIds: env.RETAILERS,
    catalogueVersion: catalogue.lookup.version,
    feeds: feeds.sources,
    market: () => {
      const { wanted, freshHours, intervalMs, floorPassMs, fullPassMs, shops } = market.service.overview(pageShops);
      return {
        wanted,
        fresh_hours: freshHours,
        interval_ms: intervalMs,
        floor_pass_ms: floorPassMs,
        full_pass_ms: fullPassMs,
        shops: shops.map(({ retailer, fresh, responseMs, passMs }) => ({
          retailer,
          fresh,
          response_ms: responseMs,
          pass_ms: passMs,
        })),
      };
    },
  });
  app.route('/api', admin.routes);
  app.route('/api', priceHistory.routes);
  app.route('/', products.seoRoutes);
  // The search's cache freshness and the prices it records follow the prices' clock, so the next demo
  // day's prices are fetched; what it reports to the admin keeps the real time (ADR 122).
  const search = createSearchModule(
    {
      ...deps,
      connectors,
      now: deps.pricesNow,
      activity: adminActivity.searchActivity,
      catalogue: catalogue.lookup,
      barcodes: catalogue.lookup,
    },
    products.service,
    priceHistory.service,
    market.store,
  );
  app.route('/api', search.routes);
  const marketRefresh = market.refresher(
    connectors.map((c) => ({ id: c.id, feed: isFeedShop(c) })),
    search.service.refreshCnk,
  );
  // Pro batch pricing reuses the search's fan-out, cache and coalescing.
  // It also reads the official catalogue: excluded packs are never priced, official names shown.
  app.route(
    '/api',
    createProModule({
      ...deps,
      search: search.service,
      requirePro: accounts.requirePro,
      catalogue: catalogue.lookup,
      market: market.store,
      pullEverySeconds: env.PRO_PULL_EVERY_S,
    }).routes,
  );
  // The home and product pages go out drawn by the web app's own components (ADR 119-121, ADR 140).
  const firstScreen = createFirstScreenModule({
    env,
    log,
    products: products.service,
    search: search.service,
    history: priceHistory.service,
    searchLimit: search.limit,
  });
  app.route('/api', firstScreen.routes);
  htmlTransformers.push(...firstScreen.htmlTransformers, products.htmlTransformer);
  // Price alerts re-check products through the search (its cache and coalescing), mail through the
  // mailer, and sign their unsubscribe links with the accounts' helper.
  const alerts = createAlertsModule({
    ...deps,
    search: search.service,
    signedTokens: accounts.signedTokens,
    recipients: accountUsers.recipients,
    requireUser: accounts.requireUser,
    verdict: catalogue.lookup.verdict,
    push: push.service,
    // The push message opens the product's page (its landing slug), in the user's language.
    productPath: (cnk, locale) => {
      const slug = products.service.slugsOf([cnk]).get(cnk);
      return slug ? `${locale === 'fr' ? '' : `/${locale}`}/${slug}` : null;
    },
  });
  app.route('/api', alerts.routes);
  // Demo mode with DEMO_CONTROLS: staff move the demo prices a day on at /__demo/clock and the checks
  // run now, so an alert fires in a demo (their budget and mail pacing keep the real clock).
  deps.demoClock?.mount(app, alerts.runChecks, {
    session: accounts.sessionMiddleware,
    requireStaff: accounts.requireStaff,
    env,
  });
  app.route('/api', createPharmaciesModule(deps).routes);
  app.route('/api', createAdsRoutes(env));
  app.route('/api', createShippingRoutes(deps));
  if (billing.routes) app.route('/api', billing.routes);
  deps.demoStripe?.mount(app);
  // --- end feature routers ---

  deps.extraRoutes?.(app);
  aliasApiRoutes(app);

  app.use('*', webApp({ webDistDir: env.WEB_DIST_DIR, htmlTransformers, log }));

  app.notFound(notFoundHandler);
  app.onError(errorHandler(log));
  return {
    app,
    jobs: [...alerts.jobs, ...push.jobs, ...catalogue.jobs, ...feeds.jobs, marketRefresh.job],
    alertChecks: alerts.runChecks,
    pushDeliveries: () => push.service.deliver(),
    marketRefresh: marketRefresh.pass,
    pendingMails: accounts.pendingMails,
  };
}
