import { join } from 'node:path';
import { planOf } from '@pharmaradar/shared';
import { loadEnvOrExit } from '../config/env';
import { closeDatabase, openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { createLogger } from '../lib/log';
import { DATABASE_FILE_NAME } from '../server';
import { createBillingRepository } from '../features/billing/billing.repository';
import { parsePlanArgs } from './plan-args';

/** `npm run plan -- <email> <free|pro|ultra> [YYYY-MM-DD]`: a staff-set plan, without Stripe. */
function main(): void {
  const parsed = parsePlanArgs(process.argv.slice(2), Date.now());
  if ('error' in parsed) {
    console.error(parsed.error);
    process.exit(2);
  }
  const env = loadEnvOrExit();
  const db = openDatabase(join(env.DATA_DIR, DATABASE_FILE_NAME));
  try {
    migrate(db, { log: createLogger({ level: 'warn' }) });
    const repo = createBillingRepository(db);
    const user = repo.findByEmail(parsed.email);
    if (!user || user.closed_at !== null) {
      console.error(`No account with the e-mail ${parsed.email}.`);
      process.exitCode = 1;
      return;
    }
    repo.setGrant(user.id, parsed.plan === 'free' ? null : parsed.plan, parsed.until, Date.now());
    const after = repo.findById(user.id)!;
    const until = parsed.until ? ` until ${new Date(parsed.until).toISOString().slice(0, 10)}` : '';
    console.log(
      `${parsed.email}: ${parsed.plan}${parsed.plan === 'free' ? '' : until} (plan now: ${planOf(after, Date.now())})`,
    );
  } finally {
    closeDatabase(db);
  }
}

main();
