import { userInfo } from 'node:os';
import { normalizeEmail } from '@pharmaradar/shared/auth.schema';
import { loadEnvOrExit } from '../config/env';
import { closeDatabase } from '../db/database';
import { openCliDatabase } from '../db/cli-database';
import { createLogger } from '../lib/log';
import { createAdminRepository } from '../features/admin/admin.repository';
import { readCliArgs } from './cli-args';

export const STAFF_USAGE = 'Usage: npm run staff -- <email> [--remove]';

/**
 * `npm run staff -- <email> [--remove]`: makes an existing account staff (the first one, before anyone
 * can do it from /admin), or takes it back. Written to the admin audit log like a change made on the page.
 */
function main(): void {
  const { values, positionals } = readCliArgs(process.argv.slice(2), {
    usage: STAFF_USAGE,
    options: { remove: { type: 'boolean' } },
    positionals: [1, 1],
  });
  const remove = values.remove === true;
  if (!positionals[0]!.includes('@')) {
    console.error(STAFF_USAGE);
    process.exit(2);
  }
  const email = normalizeEmail(positionals[0]!);
  const env = loadEnvOrExit();
  const db = openCliDatabase(env, { migrateWith: createLogger({ level: 'warn' }) });
  try {
    const repo = createAdminRepository(db);
    const user = repo.findUserByEmail(email);
    if (!user || user.closed_at !== null) {
      console.error(`No account with the e-mail ${email}. Register it first (the app's sign-up page).`);
      process.exitCode = 1;
      return;
    }
    const now = Date.now();
    repo.writeTransaction(() => {
      repo.setStaff(user.id, !remove, now);
      repo.addAudit({
        at: now,
        actorId: null,
        actorEmail: `command line (${userInfo().username})`,
        action: 'set_staff',
        targetEmail: email,
        details: { is_staff: !remove },
      });
    });
    console.log(`${email}: ${remove ? 'no longer staff' : 'staff'} (open /admin after signing in).`);
  } finally {
    closeDatabase(db);
  }
}

main();
