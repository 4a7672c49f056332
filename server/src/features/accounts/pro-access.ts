import type { Context } from 'hono';
import { allowanceOf } from '@pharmaradar/shared/billing.schema';
import { requireUser } from './session.middleware';
import { isProUser } from './user.serializer';
import { HttpError } from '../../lib/http-error';

const PRO_REQUIRED = {
  fr: 'Cette fonction est réservée aux abonnés Pro.',
  en: 'This feature requires a Pro plan.',
  nl: 'Deze functie is voorbehouden aan Pro-abonnees.',
};

/**
 * The Pro check the Pro tool declares (RequirePro); the accounts module provides it and app.ts hands
 * it over, so that features do not import each other: 401 logged out, 403 for a free plan.
 */
export function requirePro(now: () => number) {
  return (c: Context) => {
    const user = requireUser(c);
    const at = now();
    if (!isProUser(user, at)) throw new HttpError(403, 'pro_required', PRO_REQUIRED);
    // The allowance follows the plan (Ultra 20,000) unless staff set the account its own.
    return { ...user, search_quota: allowanceOf(user, at) };
  };
}
