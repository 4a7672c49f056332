import type { AdminMarket } from '@pharmaradar/shared/admin.schema';
import type { Db } from '../../db/database';
import type { CatalogueVersion } from '../../lib/catalogue-lookup';
import type { Logger } from '../../lib/log';
import { createAdminRepository } from './admin.repository';
import { createAdminRoutes, type RequireStaff } from './admin.routes';
import { createAdminService, type PlanGrants, type RetailersCheck } from './admin.service';
import { createSearchActivity } from './search-activity';
import { createSearchActivityRepository } from './search-activity.repository';
import { createRetailerAlarmRepository } from './retailer-alarm.repository';
import { createAdminFeedsRepository } from './admin-feeds.repository';
import type { ConfiguredFeed } from './admin-feeds';

export type { RequireStaff } from './admin.routes';
export type { PlanGrants, RetailersCheck } from './admin.service';

/** What the search activity recorder needs. */
export interface AdminActivityDeps {
  db: Db;
  log: Logger;
  /** The real time (never the demo prices' clock). */
  now: () => number;
}

/**
 * The search activity recorder (retailer health, search statistics): `activity` for the admin's reads,
 * `searchActivity` as the search and the feeds report to it. It needs no other feature, so the
 * composition builds it before the feeds and the search, and hands it to the admin module.
 */
export function createAdminActivity(deps: AdminActivityDeps) {
  const activityRepo = createSearchActivityRepository(deps.db);
  const activity = createSearchActivity({
    repo: activityRepo,
    now: deps.now,
    log: deps.log.child({ feature: 'admin' }),
  });
  const retailerCalled = (outcome: Omit<Parameters<typeof activity.retailerCalled>[0], 'fetchedAt'>) =>
    activity.retailerCalled({ ...outcome, fetchedAt: deps.now() });
  return {
    activity,
    activityRepo,
    /**
     * The recorder as the search reports to it (its SearchActivity): stamped with the admin's clock, the
     * real time, even when the search runs on the demo prices' clock, so retailer health and search
     * statistics keep real days (ADR 122).
     */
    searchActivity: {
      retailerCalled,
      searched: (query: string, products: number) => activity.searched(query, products, deps.now()),
    },
    /** A refused feed import counts as a failed call of its shop, so /admin and the shop alarm show it (ADR 171). */
    feedRefused: (retailer: string, reason: string, ms: number) =>
      retailerCalled({ retailer, status: 'error', error: 'parse_failed', reason, ms }),
  };
}

export type AdminActivity = ReturnType<typeof createAdminActivity>;

/** What the staff admin needs from the app; app.ts wires it (docs/decisions/016). */
export interface AdminDeps {
  db: Db;
  log: Logger;
  now: () => number;
  /** The search activity recorder (createAdminActivity). */
  activity: AdminActivity;
  requireStaff: RequireStaff;
  /** Billing's staff grant (the one `npm run plan` writes). */
  plans: PlanGrants;
  /** The retailer check on the running connectors. */
  checkRetailers: RetailersCheck;
  /** The configured retailers, each listed in the health table even without calls. */
  retailerIds: readonly string[];
  /** The official catalogue's live import (the catalogue feature's lookup), null before any. */
  catalogueVersion: () => CatalogueVersion | null;
  /** The shops read from their product feeds (the feeds feature's sources), for the feeds panel. */
  feeds?: readonly ConfiguredFeed[];
  /** The market store's state for its panel (app.ts: the market feature's overview of the page shops). */
  market?: () => AdminMarket;
}

/** The staff admin: the /api/admin/* router over the search activity recorder and the admin service. */
export function createAdminModule(deps: AdminDeps) {
  const log = deps.log.child({ feature: 'admin' });
  const { activity, activityRepo } = deps.activity;
  const service = createAdminService({
    repo: createAdminRepository(deps.db),
    activity: activityRepo,
    plans: deps.plans,
    checkRetailers: deps.checkRetailers,
    now: deps.now,
    log,
  });
  const routes = createAdminRoutes({
    service,
    activity,
    requireStaff: deps.requireStaff,
    retailerIds: deps.retailerIds,
    alarms: createRetailerAlarmRepository(deps.db),
    catalogueVersion: deps.catalogueVersion,
    feeds: deps.feeds ?? [],
    feedsRepo: createAdminFeedsRepository(deps.db),
    market: deps.market ?? null,
  });
  return { routes, service };
}
