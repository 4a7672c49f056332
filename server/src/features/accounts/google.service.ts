import { normalizeEmail } from '@pharmaradar/shared/auth.schema';
import { type Locale } from '@pharmaradar/shared/locales';
import { HttpError } from '../../lib/http-error';
import type { UserRow } from './user.repository';
import { AUTH_MESSAGES } from './accounts.messages';
import type { AccountsContext, SignedIn, SignInClient } from './accounts.context';
import { GOOGLE_ISSUER, type GoogleClaims } from './google-verifier';
import { writeTransaction } from '../../db/write-transaction';

const googleFailed = () => new HttpError(400, 'google_failed', AUTH_MESSAGES.googleFailed);

/**
 * Google is authoritative for an address only for Gmail and Workspace (hd) accounts
 * (docs/security.md#google-id-tokens).
 */
function googleOwnsAddress(claims: GoogleClaims, email: string): boolean {
  return claims.emailVerified && (email.endsWith('@gmail.com') || claims.hd !== null);
}

/** Google sign-in: users are keyed by Google's `sub`; an existing account is linked only when safe. */
export function createGoogleService(ctx: AccountsContext) {
  const { users, identities, google } = ctx;
  const { db, now, log } = ctx.deps;

  /** The account for these claims, creating or linking it. Throws google_failed when not allowed. */
  const accountFor = (claims: GoogleClaims, isPharmacist: boolean | undefined, locale: Locale): UserRow =>
    writeTransaction(db, (): UserRow => {
      const linkedId = identities.findUserId(GOOGLE_ISSUER, claims.sub);
      if (linkedId !== undefined) {
        const linked = users.findById(linkedId);
        if (!linked || linked.closed_at !== null) throw googleFailed();
        return linked;
      }
      const email = claims.email ? normalizeEmail(claims.email) : '';
      if (!email || !claims.emailVerified) throw googleFailed();
      const at = now();
      const existing = users.findByEmail(email);
      if (existing) {
        if (existing.closed_at !== null || !googleOwnsAddress(claims, email)) throw googleFailed();
        identities.link(GOOGLE_ISSUER, claims.sub, existing.id, at);
        if (existing.email_verified !== 1) {
          // Nobody ever proved this pending registration: drop its password (pre-account takeover).
          users.setPassword(existing.id, null, at);
        }
        log.info('google identity linked', { user: existing.id });
        return users.findById(existing.id) as UserRow;
      }
      const id = users.insert(
        {
          email,
          passwordHash: null,
          firstName: claims.givenName,
          lastName: claims.familyName,
          isPharmacist: isPharmacist ?? null,
          emailVerified: true,
          locale,
          termsAcceptedAt: null,
        },
        at,
      );
      identities.link(GOOGLE_ISSUER, claims.sub, id, at);
      log.info('account created with google', { user: id });
      return users.findById(id) as UserRow;
    })();

  return {
    enabled: google !== null,

    /** A verified Google ID token signs in on a new session (replacing the client's). */
    async signIn(
      idToken: string,
      isPharmacist: boolean | undefined,
      locale: Locale,
      client: SignInClient,
    ): Promise<SignedIn> {
      if (!google) throw new HttpError(404, 'google_disabled', AUTH_MESSAGES.googleDisabled);
      let claims: GoogleClaims;
      try {
        claims = await google.verify(idToken);
      } catch (error) {
        log.info('google token rejected', { reason: (error as { code?: string }).code ?? (error as Error).name });
        throw googleFailed();
      }
      const user = accountFor(claims, isPharmacist, locale);
      if (isPharmacist !== undefined && user.is_pharmacist === null) {
        users.updateProfile(user.id, { is_pharmacist: isPharmacist }, now());
      }
      return ctx.signIn(user, locale, 'google', client);
    },
  };
}
