import type { Context } from 'hono';
import { requireUser } from './features/accounts/session.middleware';
import { isProUser } from './features/accounts/user.serializer';
import { HttpError } from './lib/http-error';

const PRO_REQUIRED = {
  fr: 'Cette fonction est réservée aux abonnés Pro.',
  en: 'This feature requires a Pro plan.',
  nl: 'Deze functie is voorbehouden aan Pro-abonnees.',
};

/**
 * The Pro check the Pro tool declares (RequirePro), built from the accounts feature here in the
 * composition root so that features do not import each other: 401 logged out, 403 for a free plan.
 */
export function requirePro(now: () => number) {
  return (c: Context) => {
    const user = requireUser(c);
    if (!isProUser(user, now())) throw new HttpError(403, 'pro_required', PRO_REQUIRED);
    return user;
  };
}
