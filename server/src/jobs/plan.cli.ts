import { userInfo } from 'node:os';
import { planOf } from '@pharmaradar/shared/billing.schema';
import { loadEnvOrExit } from '../config/env';
import { closeDatabase } from '../db/database';
import { openCliDatabase } from '../db/cli-database';
import { createLogger } from '../lib/log';
import { createBillingRepository } from '../features/billing/billing.repository';
import { createAdminRepository } from '../features/admin/admin.repository';
import { readCliArgs } from './cli-args';
import { parsePlanArgs, PLAN_USAGE } from './plan-args';

/** The grant's last day (it ends at 23:59:59 Brussels time, 21:59:59 or 22:59:59 UTC the same day). */
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `npm run plan -- <email> <free|pro|ultra> [YYYY-MM-DD]`: a staff-set plan, without Stripe. */
function main(): void {
  const { positionals } = readCliArgs(process.argv.slice(2), { usage: PLAN_USAGE, positionals: [2, 3] });
  const parsed = parsePlanArgs(positionals, Date.now());
  if ('error' in parsed) {
    console.error(parsed.error);
    process.exit(2);
  }
  const env = loadEnvOrExit();
  const db = openCliDatabase(env, { migrateWith: createLogger({ level: 'warn' }) });
  try {
    const repo = createBillingRepository(db);
    const user = repo.findByEmail(parsed.email);
    if (!user || user.closed_at !== null) {
      console.error(`No account with the e-mail ${parsed.email}.`);
      process.exitCode = 1;
      return;
    }
    // Written to the admin audit log like a change made on /admin, in the same transaction.
    const audit = createAdminRepository(db);
    const now = Date.now();
    audit.writeTransaction(() => {
      repo.setGrant(user.id, parsed.plan === 'free' ? null : parsed.plan, parsed.until, now);
      audit.addAudit({
        at: now,
        actorId: null,
        actorEmail: `command line (${userInfo().username})`,
        action: 'set_plan',
        targetEmail: user.email,
        details: {
          plan: parsed.plan,
          until: parsed.plan === 'free' || parsed.until === null ? null : isoDay(parsed.until),
          before: planOf(user, now),
        },
      });
    });
    const after = repo.findById(user.id)!;
    const until = parsed.until ? ` until ${isoDay(parsed.until)}` : '';
    console.log(
      `${parsed.email}: ${parsed.plan}${parsed.plan === 'free' ? '' : until} (plan now: ${planOf(after, Date.now())})`,
    );
  } finally {
    closeDatabase(db);
  }
}

main();
