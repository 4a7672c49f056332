import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database';
import { createOtpRepository, type OtpRow } from './otp.repository';
import type { NewUser } from './user.repository';
import { writeTransaction } from '../../db/write-transaction';

export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;

export interface OtpDeps {
  db: Db;
  secret: string;
  now: () => number;
}

/**
 * A re-registration of a pending address, held with the code mailed for it: it reaches the account
 * only when that code or its link is used (docs/decisions/125).
 */
export type HeldRegistration = Omit<NewUser, 'email' | 'emailVerified'> & { passwordHash: string };

/** `held`: the registration the code was mailed for, or null when it activates the account row as it stands. */
export type OtpCheck = { ok: true; held: HeldRegistration | null } | { ok: false };

const heldOf = (row: OtpRow): HeldRegistration | null =>
  row.registration === null ? null : (JSON.parse(row.registration) as HeldRegistration);

/**
 * E-mail verification codes (ASVS 6.5/6.6): 6 digits from the CSPRNG, valid 10 minutes, single use,
 * burned after 5 wrong tries, and only the HMAC of (account, code) is stored, so a code is bound to
 * its account and the database never holds the digits.
 */
export function createOtpService({ db, secret, now }: OtpDeps) {
  const otps = createOtpRepository(db);
  // The password hash the code was issued for is in the HMAC: a code only ever activates the password
  // it was mailed for (issue 8.2, issue 17.2).
  const hashCode = (userId: number, passwordHash: string, code: string) =>
    createHmac('sha256', secret)
      .update(`pharmaradar.otp\u0000${userId}\u0000${passwordHash}\u0000${code}`)
      .digest('hex');

  return {
    /**
     * A new code; any earlier code dies. Without `held` it activates the account's current password
     * (`passwordHash`); with it, that held registration. Returns the digits, to be mailed only.
     */
    issue(userId: number, passwordHash: string, held: HeldRegistration | null = null): string {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const at = now();
      const bound = held?.passwordHash ?? passwordHash;
      writeTransaction(db, () => {
        otps.killAllForUser(userId, 'replaced', at);
        otps.insert(userId, hashCode(userId, bound, code), at, at + OTP_TTL_MS, held && JSON.stringify(held));
      })();
      return code;
    },

    /**
     * Checks and, when right, consumes the account's live code (`passwordHash`: the account's current
     * one, used unless the code holds a registration). A wrong try counts toward the burn.
     */
    consume(userId: number, passwordHash: string, code: string): OtpCheck {
      return writeTransaction(db, (): OtpCheck => {
        const row = otps.current(userId);
        const at = now();
        if (!row) return { ok: false };
        if (row.expires_at <= at) {
          otps.kill(row.id, 'burned', at);
          return { ok: false };
        }
        const held = heldOf(row);
        const expected = Buffer.from(row.code_hash, 'hex');
        const given = Buffer.from(hashCode(userId, held?.passwordHash ?? passwordHash, code), 'hex');
        if (expected.length === given.length && timingSafeEqual(expected, given)) {
          otps.kill(row.id, 'used', at);
          return { ok: true, held };
        }
        if (otps.addAttempt(row.id) >= OTP_MAX_ATTEMPTS) otps.kill(row.id, 'burned', at);
        return { ok: false };
      })();
    },

    /** The registration the latest code (and so the latest mailed link) holds, if any. */
    latestHeld(userId: number): HeldRegistration | null {
      const row = otps.latest(userId);
      return row ? heldOf(row) : null;
    },

    /**
     * Id of the account's latest code, live or not, which the activation link of the same mail is
     * bound to: strangers burning the code with wrong tries do not kill the link; a newer code does.
     */
    latestId(userId: number): number | undefined {
      return otps.latest(userId)?.id;
    },

    /** Activation by link makes any outstanding code useless. */
    killAll(userId: number): void {
      otps.killAllForUser(userId, 'used', now());
    },

    /**
     * A new registration for the pending address that is not mailed: every earlier code dies, and so
     * does every earlier link (they are bound to the latest row, which this dead one now is).
     */
    killReplaced(userId: number): void {
      const at = now();
      writeTransaction(db, () => {
        otps.killAllForUser(userId, 'replaced', at);
        otps.insertTombstone(userId, randomBytes(32).toString('hex'), at);
      })();
    },

    pruneOlderThan(cutoff: number): number {
      return otps.pruneCreatedBefore(cutoff);
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
