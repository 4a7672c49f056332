import type { Context } from 'hono';
import { currentUser } from './session.middleware';
import { isProUser } from './user.serializer';
import { HttpError } from '../../lib/http-error';
import { COMMON_MESSAGES } from '../../lib/i18n';

/**
 * The staff check the admin declares (RequireStaff); the accounts module provides it and app.ts hands
 * it over, so that features do not import each other. Anyone but a staff member, anonymous included, gets the ordinary
 * 404 answer: the admin API does not reveal that it exists (ADR 090).
 */
export function requireStaff(c: Context): { id: number; email: string } {
  const user = currentUser(c);
  if (!user || user.is_staff !== 1 || user.closed_at !== null) {
    throw new HttpError(404, 'not_found', COMMON_MESSAGES.notFound);
  }
  return { id: user.id, email: user.email };
}

/** Contact messages from a signed-in Pro or Ultra user are priority (docs/product.md#audience-and-plans 'priority support'). */
export function prioritySender(now: () => number) {
  return (c: Context): boolean => {
    const user = currentUser(c);
    return user !== null && isProUser(user, now());
  };
}
