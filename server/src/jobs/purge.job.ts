import type { Db } from '../db/database';
import { checkpoint } from '../db/database';
import type { Logger } from '../lib/log';
import { createUserRepository } from '../features/accounts/user.repository';
import { createContactRepository } from '../features/contact/contact.repository';
import { createAdminRepository } from '../features/admin/admin.repository';
import { createOtpRepository } from '../features/accounts/otp.repository';
import { createBrowserRegistrationRepository } from '../features/accounts/browser-registration.repository';
import { BROWSER_REGISTRATION_TTL_MS } from '../features/accounts/browser-registration';
import { createSessionRepository } from '../features/accounts/session.repository';
import { SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_IDLE_TIMEOUT_MS } from '../features/accounts/session.service';
import { createSharedLimitsRepository } from '../db/shared-limits.repository';
import type { RepeatingJob } from '../lib/repeating-job';
import { writeTransaction } from '../db/write-transaction';

/**
 * How long a closed account's row is kept before deletion. Zero: account deletion purges at once
 * (its sessions, codes and identities are gone in the same step); the job is the safety net that
 * finishes any purge that did not complete, well inside the 30 days of docs/product.md#constants
 */
export const ACCOUNT_PURGE_GRACE_MS = 0;
export const PURGE_INTERVAL_MS = 24 * 3600 * 1000;
/** Dead verification codes are kept a day for the resend throttle's sake, then removed. */
const OTP_RETENTION_MS = 24 * 3600 * 1000;
/**
 * Contact messages are kept 12 months at most (privacy page, "retention"). 365 days never exceeds
 * twelve calendar months, so the promise holds in leap years too.
 */
export const CONTACT_RETENTION_MS = 365 * 24 * 3600 * 1000;

export interface PurgeDeps {
  db: Db;
  log: Logger;
  now: () => number;
}

export interface PurgeReport {
  accounts: number;
  failedAccounts: number;
  sessions: number;
  codes: number;
  contactMessages: number;
  /** Expired rate-limit windows, login and code counters, leases (they hold e-mail and client addresses). */
  limits: number;
}

/**
 * Deletes one closed account (cascading to sessions, codes, identities) together with the contact
 * messages sent from its e-mail address (personal data too, and linked to no account row, so nothing
 * cascades to them), then flushes the WAL: deleted rows keep their bytes in the WAL until it is
 * checkpointed and truncated, and openDatabase turns on secure_delete for the freed pages, so an
 * erased e-mail is really gone from disk.
 */
export function purgeAccount({ db, log }: Omit<PurgeDeps, 'now'>, userId: number): boolean {
  const users = createUserRepository(db);
  const contact = createContactRepository(db);
  const audit = createAdminRepository(db);
  const limits = createSharedLimitsRepository(db);
  try {
    const deleted = writeTransaction(db, () => {
      const email = users.findById(userId)?.email;
      if (email) contact.deleteFromEmail(email);
      if (email) audit.eraseEmail(email);
      if (email) limits.eraseEmail(email);
      return users.deleteById(userId);
    })();
    checkpoint(db, 'TRUNCATE');
    if (deleted) log.info('account purged', { user: userId });
    return deleted;
  } catch (error) {
    // e.g. another feature's table referencing users without ON DELETE CASCADE: retried by the job.
    log.error('account purge failed', { user: userId, error: (error as Error).message });
    return false;
  }
}

/** One purge pass: closed accounts, expired sessions, old verification codes, old contact messages, expired limits. */
export function runPurge(deps: PurgeDeps): PurgeReport {
  const { db, log, now } = deps;
  const at = now();
  const report: PurgeReport = {
    accounts: 0,
    failedAccounts: 0,
    sessions: 0,
    codes: 0,
    contactMessages: 0,
    limits: 0,
  };
  for (const id of createUserRepository(db).closedIdsBefore(at - ACCOUNT_PURGE_GRACE_MS)) {
    if (purgeAccount(deps, id)) report.accounts += 1;
    else report.failedAccounts += 1;
  }
  report.sessions = createSessionRepository(db).deleteExpired(
    at - SESSION_IDLE_TIMEOUT_MS,
    at - SESSION_ABSOLUTE_TIMEOUT_MS,
  );
  report.codes = createOtpRepository(db).pruneCreatedBefore(at - OTP_RETENTION_MS);
  report.codes += createBrowserRegistrationRepository(db).pruneCreatedBefore(at - BROWSER_REGISTRATION_TTL_MS);
  report.contactMessages = createContactRepository(db).deleteCreatedBefore(at - CONTACT_RETENTION_MS);
  report.limits = createSharedLimitsRepository(db).deleteExpired(at);
  checkpoint(db, 'TRUNCATE');
  log.info('purge done', { ...report });
  return report;
}

/** The purge at start-up and then daily (the job scheduler runs it). */
export function createPurgeJob(deps: PurgeDeps, intervalMs = PURGE_INTERVAL_MS): RepeatingJob {
  return { name: 'purge', everyMs: intervalMs, run: () => runPurge(deps) };
}
