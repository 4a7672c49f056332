import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database';
import { createOtpRepository } from './otp.repository';

export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;

export interface OtpDeps {
  db: Db;
  secret: string;
  now: () => number;
}

export type OtpCheck = 'ok' | 'invalid';

/**
 * E-mail verification codes (ASVS 6.5/6.6): 6 digits from the CSPRNG, valid 10 minutes, single use,
 * burned after 5 wrong tries, and only the HMAC of (account, code) is stored, so a code is bound to
 * its account and the database never holds the digits.
 */
export function createOtpService({ db, secret, now }: OtpDeps) {
  const otps = createOtpRepository(db);
  const hashCode = (userId: number, code: string) =>
    createHmac('sha256', secret).update(`pharmaradar.otp\u0000${userId}\u0000${code}`).digest('hex');

  return {
    /** A new code for the account; any earlier code dies. Returns the digits, to be mailed only. */
    issue(userId: number): string {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const at = now();
      db.transaction(() => {
        otps.killAllForUser(userId, 'replaced', at);
        otps.insert(userId, hashCode(userId, code), at, at + OTP_TTL_MS);
      }).immediate();
      return code;
    },

    /** Checks and, when right, consumes the account's live code. A wrong try counts toward the burn. */
    consume(userId: number, code: string): OtpCheck {
      return db
        .transaction((): OtpCheck => {
          const row = otps.current(userId);
          const at = now();
          if (!row) return 'invalid';
          if (row.expires_at <= at) {
            otps.kill(row.id, 'burned', at);
            return 'invalid';
          }
          const expected = Buffer.from(row.code_hash, 'hex');
          const given = Buffer.from(hashCode(userId, code), 'hex');
          if (expected.length === given.length && timingSafeEqual(expected, given)) {
            otps.kill(row.id, 'used', at);
            return 'ok';
          }
          if (otps.addAttempt(row.id) >= OTP_MAX_ATTEMPTS) otps.kill(row.id, 'burned', at);
          return 'invalid';
        })
        .immediate();
    },

    /** Id of the account's live code, which the activation link of the same mail is bound to. */
    currentId(userId: number): number | undefined {
      return otps.current(userId)?.id;
    },

    /** Activation by link makes any outstanding code useless. */
    killAll(userId: number): void {
      otps.killAllForUser(userId, 'used', now());
    },

    pruneOlderThan(cutoff: number): number {
      return otps.pruneCreatedBefore(cutoff);
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
