/** Helpers of the admin API tests (not a test file itself). */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { registerVerifiedAccount } from '../../../test/helpers/accounts';
import type { TestClient } from '../../../test/helpers/test-client';
import type { TestServer } from '../../../test/helpers/test-server';

const run = promisify(execFile);
const STAFF_CLI = fileURLToPath(new URL('../../jobs/staff.cli.ts', import.meta.url));
const SERVER_DIR = fileURLToPath(new URL('../../..', import.meta.url));

/** `npm run staff -- <args>` against the test server's DATA_DIR (a real Node process: seconds). */
export function staffCli(server: TestServer, ...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', STAFF_CLI, ...args], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH, DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' },
  });
}

const CATALOGUE_CLI = fileURLToPath(new URL('../../jobs/catalogue-import.cli.ts', import.meta.url));

/** `npm run catalogue:import -- <args>` against the test server's DATA_DIR; rejects on a non-zero exit. */
export function catalogueCli(server: TestServer, ...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', CATALOGUE_CLI, ...args], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH, DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' },
  });
}

/** A verified, logged-in account. */
export async function signedIn(server: TestServer, email: string): Promise<TestClient> {
  return (await registerVerifiedAccount(server.url, server.env.MAIL_OUTBOX_DIR, email)).client;
}

/** The id of an account, as the staff's user search lists it. */
export async function userIdOf(staff: TestClient, email: string): Promise<number> {
  const res = await staff.get(`/api/admin/users/?q=${encodeURIComponent(email)}`);
  const user = (res.body.users as Array<{ id: number; email: string }>).find((u) => u.email === email);
  if (!user) throw new Error(`no user ${email} in the admin search`);
  return user.id;
}
