import { readFileSync } from 'node:fs';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';
import { resolveFromRoot } from '../../config/paths';

/**
 * argon2id at the ASVS 5.0 Appendix C minimum for t=2 (m = 19 MiB, p = 1). `Algorithm` is a const
 * enum in the typings, unusable under isolatedModules: 2 is Argon2id.
 */
export const ARGON2_OPTIONS: Readonly<Options> = {
  algorithm: 2 as Algorithm,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

/**
 * Unicode NFKC (NIST SP 800-63B §5.1.1.2), so the same password typed on another keyboard layout
 * still matches; no trimming, no case change, no truncation.
 */
function prepare(password: string): string {
  return password.normalize('NFKC');
}

export function hashPassword(password: string): Promise<string> {
  return hash(prepare(password), ARGON2_OPTIONS);
}

/** False for a wrong password or an unreadable hash, never throws. */
export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, prepare(password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real verification, for unknown accounts: login answers then take as
 * long whether or not the e-mail exists.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hash('pharmaradar-dummy-password', ARGON2_OPTIONS);
  await verifyPassword(await dummyHash, password);
  return false;
}

let commonPasswords: Set<string> | undefined;

function loadCommonPasswords(): Set<string> {
  // From the repository root, not from this module: bundled, it runs from server/dist (ADR 175).
  const text = readFileSync(resolveFromRoot('server/src/features/accounts/common-passwords.txt'), 'utf8');
  return new Set(
    text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#')),
  );
}

/** True for the ~3000 most common passwords (ASVS 6.2.4), compared without case. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= loadCommonPasswords();
  return commonPasswords.has(prepare(password).toLowerCase());
}
