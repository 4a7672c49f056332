import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SECRET_KEY_MIN_LENGTH = 32;

/**
 * Returns the secret kept in DATA_DIR/secret.key, creating it (32 random bytes, hex, mode 0600) on the
 * first start. Keeping it stable across restarts keeps CSRF tokens and signed links valid.
 */
export function loadOrCreateSecretKey(dataDir: string): string {
  const file = join(dataDir, 'secret.key');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, randomBytes(32).toString('hex') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (error) {
    // Another process (or an earlier start) created it first: reuse it.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const key = readFileSync(file, 'utf8').trim();
  if (key.length < SECRET_KEY_MIN_LENGTH) {
    throw new Error(
      `Invalid secret key file ${file}: it must hold at least ${SECRET_KEY_MIN_LENGTH} characters (delete it to generate a new one).`,
    );
  }
  return key;
}
