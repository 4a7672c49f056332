import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database';
import { createOtpRepository } from './otp.repository';
import type { NewUser } from './user.repository';
import { writeTransaction } from '../../db/write-transaction';

export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;

export interface OtpDeps {
  db: Db;
  secret: string;
  now: () => number;
}

/** A registration of a pending address: the password hash and profile it would activate. */
export type HeldRegistration = Omit<NewUser, 'email' | 'emailVerified'> & { passwordHash: string };

/**
 * E-mail verification codes (ASVS 6.5/6.6): 6 digits from the CSPRNG, valid 10 minutes, single use,
 * and only the HMAC of (account, code) is stored, so a code is bound to its account and the database
 * never holds the digits. A code proves the mailbox and nothing else (docs/decisions/185): it is not
 * bound to a password, so nobody else's registration, login or resend has a reason to kill it; every
 * mailed code stays live until it is used or expires. Wrong tries count against every live code of
 * the account, and five burn them all (so several live codes do not multiply the guesses).
 */
export function createOtpService({ db, secret, now }: OtpDeps) {
  const otps = createOtpRepository(db);
  const hashCode = (userId: number, code: string) =>
    createHmac('sha256', secret).update(`pharmaradar.otp.mailbox\u0000${userId}\u0000${code}`).digest('hex');

  return {
    /** A new code; earlier ones stay live. Returns the digits, to be mailed only. */
    issue(userId: number): string {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const at = now();
      otps.insert(userId, hashCode(userId, code), at, at + OTP_TTL_MS, null);
      return code;
    },

    /**
     * Whether `code` is one of the account's live codes. `consume`: a right code is spent; without it
     * a right code stays live (the caller still needs something before it may act). A wrong try
     * counts toward the burn of every live code either way.
     */
    check(userId: number, code: string, consume: boolean): boolean {
      return writeTransaction(db, (): boolean => {
        const at = now();
        const given = Buffer.from(hashCode(userId, code), 'hex');
        const live = otps.live(userId);
        for (const row of live) {
          if (row.expires_at <= at) otps.kill(row.id, 'burned', at);
        }
        const fresh = live.filter((row) => row.expires_at > at);
        let match: number | null = null;
        for (const row of fresh) {
          const expected = Buffer.from(row.code_hash, 'hex');
          if (expected.length === given.length && timingSafeEqual(expected, given)) match = row.id;
        }
        if (match !== null) {
          if (consume) otps.kill(match, 'used', at);
          return true;
        }
        for (const row of fresh) {
          if (otps.addAttempt(row.id) >= OTP_MAX_ATTEMPTS) otps.kill(row.id, 'burned', at);
        }
        return false;
      })();
    },

    /**
     * Ids of the account's codes mailed since `since`, live or not: each mail's activation link is
     * bound to its own code's id, so a stranger's wrong tries or a newer code never kill a link.
     */
    idsSince(userId: number, since: number): number[] {
      return otps.idsSince(userId, since);
    },

    /** Id of the code just issued (its mail's link is bound to it). */
    latestId(userId: number): number | undefined {
      return otps.latest(userId)?.id;
    },

    /** The mailbox is proven: every outstanding code is spent. */
    killAll(userId: number): void {
      otps.killAllForUser(userId, 'used', now());
    },

    pruneOlderThan(cutoff: number): number {
      return otps.pruneCreatedBefore(cutoff);
    },
  };
}
