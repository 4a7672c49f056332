import type { Db } from '../../db/database';
import type { Logger } from '../../lib/log';
import { brusselsMonth } from './pro-quota';
import { createProRepository } from './pro.repository';
import { createProPricesService, type PriceSearch } from './pro-prices.service';
import { createProUsageRepository } from './pro-usage.repository';
import { createProRoutes, type RequirePro } from './pro.routes';

/** What the Pro tool needs from the app (app.ts wires the search service and the Pro check of accounts). */
export interface ProDeps {
  db: Db;
  log: Logger;
  now: () => number;
  search: PriceSearch;
  requirePro: RequirePro;
}

/** POST /api/pro/prices/ (batch pricing, SSE) and POST /api/groups/sync/ (DESIGN §7, §12). */
export function createProModule(deps: ProDeps) {
  const repository = createProRepository(deps.db);
  const usage = createProUsageRepository(deps.db);
  const prices = createProPricesService({ search: deps.search, usage, now: deps.now, log: deps.log });
  return { routes: createProRoutes({ requirePro: deps.requirePro, prices, repository, log: deps.log }) };
}

/**
 * The Pro tool's part of the account data export (accounts' PersonalDataSource, wired in app.ts):
 * the synced groups and settings as the devices sent them.
 */
export function proPersonalData(db: Db) {
  const repository = createProRepository(db);
  return (user: { id: number }) => {
    const records = repository.liveRecords(user.id);
    const parse = (data: string | null): unknown => (data === null ? null : JSON.parse(data));
    const settings = records.find((r) => r.kind === 'settings');
    return {
      groups: records
        .filter((r) => r.kind === 'group')
        .map((r) => ({
          id: r.record_id,
          updated_at: new Date(r.updated_at).toISOString(),
          ...(parse(r.data) as object),
        })),
      settings: settings ? parse(settings.data) : null,
    };
  };
}

/**
 * This month's Pro use of a user (CNKs priced by POST /api/pro/prices/, DESIGN §12): the `search_used`
 * of the user shape, wired into accounts by app.ts so the account page shows what the quota counts.
 */
export function proSearchUsed(db: Db) {
  const usage = createProUsageRepository(db);
  return (userId: number, now: number): number => usage.usage(userId, brusselsMonth(now));
}
