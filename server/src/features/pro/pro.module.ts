import type { Db } from '../../db/database';
import { LazyList } from '../../lib/json-stream';
import type { CatalogueLookup } from '../../lib/catalogue-lookup';
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
  /** The official catalogue (catalogue feature's lookup): exclusions and official names (docs/decisions/161). */
  catalogue: CatalogueLookup;
  /** The market store (docs/decisions/234): a synced group's CNKs are wanted, so kept fresh. */
  market?: { want(cnks: readonly string[]): void };
  /** Seconds between two pulls of an open Pro tool (PRO_PULL_EVERY_S). */
  pullEverySeconds: number;
}

/** POST /api/pro/prices/ (batch pricing, SSE), POST /api/pro/catalogue/ and POST /api/groups/sync/ (docs/architecture.md#offline-first-and-sync, docs/architecture.md#pro-allowance). */
export function createProModule(deps: ProDeps) {
  const repository = createProRepository(deps.db);
  const usage = createProUsageRepository(deps.db);
  const { catalogue } = deps;
  const prices = createProPricesService({ search: deps.search, usage, now: deps.now, log: deps.log, catalogue });
  return {
    routes: createProRoutes({
      requirePro: deps.requirePro,
      prices,
      repository,
      catalogue,
      log: deps.log,
      now: deps.now,
      pullEverySeconds: deps.pullEverySeconds,
      ...(deps.market ? { want: deps.market.want } : {}),
    }),
  };
}

/** Groups read per query while the export streams (each about 20 KB at most). */
const EXPORT_PAGE = 50;

/**
 * The Pro tool's part of the account data export (accounts' PersonalDataSource, wired in app.ts):
 * the synced groups and settings as the devices sent them. The groups are a lazy list, read
 * EXPORT_PAGE at a time while the export streams, never all at once.
 */
export function proPersonalData(db: Db) {
  const repository = createProRepository(db);
  const parse = (data: string | null): unknown => (data === null ? null : JSON.parse(data));
  return (user: { id: number }) => {
    const settings = repository.find(user.id, 'settings', 'settings');
    return {
      groups: new LazyList(function* () {
        for (let after = 0; ;) {
          const rows = repository.liveRecords(user.id, after, EXPORT_PAGE);
          yield rows
            .filter((r) => r.kind === 'group')
            .map((r) => ({
              id: r.record_id,
              updated_at: new Date(r.updated_at).toISOString(),
              ...(parse(r.data) as object),
            }));
          if (rows.length < EXPORT_PAGE) return;
          after = rows[rows.length - 1]!.seq;
        }
      }),
      settings: settings && settings.deleted === 0 ? parse(settings.data) : null,
    };
  };
}

/**
 * This month's Pro use of a user (CNKs priced by POST /api/pro/prices/, docs/architecture.md#settled-choices): the `search_used`
 * of the user shape, wired into accounts by app.ts so the account page shows what the quota counts.
 */
export function proSearchUsed(db: Db) {
  const usage = createProUsageRepository(db);
  return (userId: number, now: number): number => usage.usage(userId, brusselsMonth(now));
}
