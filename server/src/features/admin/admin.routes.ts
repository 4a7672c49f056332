import { Hono, type Context } from 'hono';
import type { AdminCatalogue, AdminMarket, AdminMarketResponse } from '@pharmaradar/shared/admin.schema';
import type { CatalogueVersion } from '../../lib/catalogue-lookup';
import { adminSetPlanSchema, adminSetStaffSchema, adminUserQuerySchema } from '@pharmaradar/shared/admin.schema';
import { HttpError } from '../../lib/http-error';
import { COMMON_MESSAGES } from '../../lib/i18n';
import { COMMON_ISSUES, parseJsonBody, validationError } from '../../lib/validate';
import { ADMIN_MESSAGES } from './admin.messages';
import type { Actor, AdminService } from './admin.service';
import type { SearchActivityRecorder } from './search-activity';
import type { RetailerAlarmRepository } from './retailer-alarm.repository';
import { withAlarms } from './retailer-alarm.service';
import { adminFeeds, type ConfiguredFeed } from './admin-feeds';
import type { AdminFeedsRepository } from './admin-feeds.repository';

/**
 * The staff check, provided by the accounts module (accounts/staff-access.ts): the actor, or a plain
 * 404 for anyone else, anonymous included, so the admin API does not show that it exists.
 */
export type RequireStaff = (c: Context) => Actor;

export interface AdminRoutesDeps {
  service: AdminService;
  activity: SearchActivityRecorder;
  requireStaff: RequireStaff;
  retailerIds: readonly string[];
  /** The shop alarm's state (jobs/retailer-alarm.job.ts writes it): since when a shop is failing. */
  alarms: Pick<RetailerAlarmRepository, 'states'>;
  /** The official catalogue's live import, null before any. */
  catalogueVersion: () => CatalogueVersion | null;
  /** The shops read from their product feeds, and their imports' state. */
  feeds: readonly ConfiguredFeed[];
  feedsRepo: AdminFeedsRepository;
  /** The market store's state (the market feature's overview), null when there is none. */
  market: (() => AdminMarket) | null;
}

const isoTime = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function adminCatalogue(v: CatalogueVersion | null): AdminCatalogue | null {
  if (!v) return null;
  const { dataErrors, ...counts } = v.counts;
  return {
    version: v.version,
    xsd_version: v.xsdVersion,
    reference_date: v.referenceDate,
    source: v.source,
    demo: v.demo,
    imported_at: new Date(v.importedAt).toISOString(),
    import_ms: v.importMs,
    counts: { ...counts, data_errors: dataErrors },
    checked_at: isoTime(v.checkedAt),
    delivery_modes: v.deliveryModes,
    last_refusal: v.lastRefusal && { ...v.lastRefusal, at: new Date(v.lastRefusal.at).toISOString() },
  };
}

const ISSUES = { ...COMMON_ISSUES, fields: { ...COMMON_ISSUES.fields, invalid_date: ADMIN_MESSAGES.invalidDate } };

function userId(c: Context): number {
  const id = Number(c.req.param('id'));
  if (!Number.isSafeInteger(id) || id <= 0) throw new HttpError(404, 'not_found', COMMON_MESSAGES.notFound);
  return id;
}

/** /api/admin/*: every route checks staff first (CSRF is checked globally on POSTs). */
export function createAdminRoutes(deps: AdminRoutesDeps): Hono {
  const { service, activity, requireStaff } = deps;
  const routes = new Hono();
  routes.use('/admin/*', async (c, next) => {
    requireStaff(c);
    await next();
  });

  routes.get('/admin/users/', (c) => {
    const query = adminUserQuerySchema.safeParse(c.req.query());
    if (!query.success) throw validationError(query.error.issues);
    return c.json({ users: service.listUsers(requireStaff(c), query.data) });
  });
  routes.post('/admin/users/:id/plan/', async (c) => {
    const actor = requireStaff(c);
    const id = userId(c);
    const input = await parseJsonBody(c, adminSetPlanSchema, ISSUES);
    return c.json({ user: service.setPlan(actor, id, input) });
  });
  routes.post('/admin/users/:id/staff/', async (c) => {
    const actor = requireStaff(c);
    const id = userId(c);
    const input = await parseJsonBody(c, adminSetStaffSchema);
    return c.json({ user: service.setStaff(actor, id, input.is_staff) });
  });
  routes.get('/admin/messages/', (c) => c.json({ messages: service.listMessages(requireStaff(c)) }));
  routes.get('/admin/retailers/health/', (c) => {
    const { since, retailers } = activity.health(deps.retailerIds);
    return c.json({ since: new Date(since).toISOString(), retailers: withAlarms(retailers, deps.alarms.states()) });
  });
  routes.get('/admin/retailers/check/', (c) => c.json({ check: service.latestCheck() }));
  routes.post('/admin/retailers/check/run/', async (c) => c.json({ check: await service.runCheck(requireStaff(c)) }));
  routes.get('/admin/search-stats/', (c) => c.json(activity.stats()));
  routes.get('/admin/catalogue/', (c) => c.json({ catalogue: adminCatalogue(deps.catalogueVersion()) }));
  routes.get('/admin/feeds/', (c) => c.json({ feeds: adminFeeds(deps.feeds, deps.feedsRepo) }));
  routes.get('/admin/market/', (c) => c.json({ market: deps.market?.() ?? null } satisfies AdminMarketResponse));
  routes.get('/admin/audit/', (c) => c.json({ entries: service.audit() }));
  return routes;
}
