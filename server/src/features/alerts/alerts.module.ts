import type { Env } from '../../config/env';
import type { Db } from '../../db/database';
import type { Logger } from '../../lib/log';
import type { Mailer } from '../../lib/mailer';
import {
  serializeAlert,
  createAlertsService,
  type AlertPrices,
  type AlertRecipients,
  type UnsubscribeTokens,
} from './alerts.service';
import { createAlertsRepository } from './alerts.repository';
import { createAlertsRoutes, type RequireUser } from './alerts.routes';

/** What price alerts need from the app (app.ts wires the search, the accounts and the signing helper). */
export interface AlertsDeps {
  db: Db;
  env: Pick<Env, 'PUBLIC_URL' | 'ALERTS_CHECKS_PER_HOUR'>;
  mailer: Mailer;
  log: Logger;
  now: () => number;
  prices: AlertPrices;
  tokens: UnsubscribeTokens;
  recipients: AlertRecipients;
  requireUser: RequireUser;
}

export function createAlertsModule(deps: AlertsDeps) {
  const repository = createAlertsRepository(deps.db);
  const service = createAlertsService({
    repository,
    prices: deps.prices,
    tokens: deps.tokens,
    recipients: deps.recipients,
    mailer: deps.mailer,
    publicUrl: deps.env.PUBLIC_URL.replace(/\/+$/, ''),
    checksPerHour: deps.env.ALERTS_CHECKS_PER_HOUR,
    now: deps.now,
    log: deps.log,
  });
  return {
    routes: createAlertsRoutes({ service, requireUser: deps.requireUser }),
    /** The scheduled job's pass (server.ts runs it every ALERTS_CHECK_INTERVAL_MIN). */
    runChecks: () => service.runChecks(),
  };
}

/** The account export's `alerts` part (DESIGN §12). */
export function alertsPersonalData(db: Db) {
  const repository = createAlertsRepository(db);
  return (user: { id: number }) => ({ alerts: repository.listForUser(user.id).map(serializeAlert) });
}
