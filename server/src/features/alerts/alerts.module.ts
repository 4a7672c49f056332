import type { Locale } from '@pharmaradar/shared/locales';
import type { Env } from '../../config/env';
import type { Db } from '../../db/database';
import type { CatalogueLookup } from '../../lib/catalogue-lookup';
import type { Logger } from '../../lib/log';
import type { Mailer } from '../../lib/mailer';
import type { RepeatingJob } from '../../lib/repeating-job';
import {
  serializeAlert,
  createAlertsService,
  type AlertPrices,
  type AlertPush,
  type AlertRecipients,
  type UnsubscribeTokens,
} from './alerts.service';
import { createAlertsRepository } from './alerts.repository';
import { createAlertsRoutes, type RequireUser } from './alerts.routes';

/** An unsubscribe link stays valid about a year (an alert may not fire for months). */
export const ALERT_UNSUBSCRIBE_TTL_MS = 400 * 24 * 3600 * 1000;

type AlertSearchResult = {
  products: ReadonlyArray<{
    cnk: string | null;
    offers: ReadonlyArray<{ price: number; retailer: string; inStock: boolean | null }>;
  }>;
};

/**
 * The price search as alerts use it: the prices the server holds for a CNK (its cache, the market
 * store's fresh ones) when every shop's are there, else the offers a search finds (its cache and
 * coalescing).
 */
export interface AlertSearch {
  search(cnk: string): Promise<AlertSearchResult>;
  /** Null when one shop's price is neither cached nor fresh in the market store. */
  keptSearch?(cnk: string): Promise<{ result: AlertSearchResult } | null>;
}

/** What price alerts need from the app (app.ts wires the search and the accounts' ports). */
export interface AlertsDeps {
  db: Db;
  env: Pick<Env, 'PUBLIC_URL' | 'ALERTS_CHECKS_PER_HOUR' | 'ALERTS_CHECK_INTERVAL_MIN'> &
    Partial<Pick<Env, 'RETAILER_NAMES'>>;
  mailer: Mailer;
  log: Logger;
  now: () => number;
  search: AlertSearch;
  /** Signed, stateless tokens for a purpose and a lifetime (the accounts' helper). */
  signedTokens: (purpose: string, maxAgeMs: number) => UnsubscribeTokens;
  recipients: AlertRecipients;
  requireUser: RequireUser;
  push: AlertPush;
  /** The path of a product's page in a language (its landing slug), null when it has none. */
  productPath: (cnk: string, locale: Locale) => string | null;
  /** The official catalogue's verdict (ADR 157); none: every CNK may be watched. */
  verdict?: CatalogueLookup['verdict'];
}

/**
 * The price an alert watches: the lowest offer the search finds for the product's CNK that can be
 * bought (in stock or stock unknown); a sold-out offer is no price to tell anyone about (ADR 155).
 */
export function lowestPriceThrough(search: AlertSearch): AlertPrices {
  return {
    async lowestPrice(cnk) {
      const result = (await search.keptSearch?.(cnk))?.result ?? (await search.search(cnk));
      const offers = (result.products.find((p) => p.cnk === cnk)?.offers ?? []).filter((o) => o.inStock !== false);
      const best = offers.reduce<(typeof offers)[number] | null>(
        (low, o) => (!low || o.price < low.price ? o : low),
        null,
      );
      return best ? { price: best.price, retailer: best.retailer } : null;
    },
  };
}

export function createAlertsModule(deps: AlertsDeps) {
  const repository = createAlertsRepository(deps.db);
  const service = createAlertsService({
    repository,
    excluded: (cnk) => deps.verdict?.(cnk).offer === false,
    prices: lowestPriceThrough(deps.search),
    tokens: deps.signedTokens('alert-unsubscribe', ALERT_UNSUBSCRIBE_TTL_MS),
    recipients: deps.recipients,
    mailer: deps.mailer,
    push: deps.push,
    productPath: deps.productPath,
    publicUrl: deps.env.PUBLIC_URL.replace(/\/+$/, ''),
    checksPerHour: deps.env.ALERTS_CHECKS_PER_HOUR,
    shopNames: deps.env.RETAILER_NAMES ?? {},
    now: deps.now,
    log: deps.log,
  });
  const runChecks = () => service.runChecks();
  const everyMs = deps.env.ALERTS_CHECK_INTERVAL_MIN * 60_000;
  const job: RepeatingJob = {
    name: 'alerts job',
    everyMs,
    run: runChecks,
    // The first pass one interval after start-up, not at once: a restart does not re-check everything.
    firstRunInMs: () => everyMs,
  };
  return {
    routes: createAlertsRoutes({ service, requireUser: deps.requireUser }),
    /** One pass of the checks (the demo clock runs one when staff move the day on; tests call it). */
    runChecks,
    /** Re-checks the products with alerts every ALERTS_CHECK_INTERVAL_MIN (0: off). */
    jobs: [job],
  };
}

/** The account export's `alerts` part (docs/features/account-data-export.md). */
export function alertsPersonalData(db: Db) {
  const repository = createAlertsRepository(db);
  return (user: { id: number }) => ({ alerts: repository.listForUser(user.id).map(serializeAlert) });
}
