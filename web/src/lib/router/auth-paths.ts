/** The authentication screens (docs/product.md#routes), the one list every path rule about them uses. */
export const AUTH_SCREENS = [
  'login',
  'register',
  'verify-otp',
  'forgot-password',
  'reset-password',
  'activate',
] as const;
export type AuthScreen = (typeof AUTH_SCREENS)[number];

/** `/screen`, `/screen/...`, bare or under a language prefix. */
const AUTH_PATH = new RegExp(`^/(?:(?:fr|en|nl)/)?(${AUTH_SCREENS.join('|')})(?:/|$)`);

/** The authentication screen `pathname` shows, or null for any other page. */
export function authScreenOf(pathname: string): AuthScreen | null {
  return (AUTH_PATH.exec(pathname)?.[1] as AuthScreen | undefined) ?? null;
}

/**
 * Whether `pathname` is an authentication screen: never a post-login destination, never covered by
 * the pharmacist gate.
 */
export function isAuthScreen(pathname: string): boolean {
  return authScreenOf(pathname) !== null;
}
