import { authScreenOf } from '../../lib/router/auth-paths';

/**
 * Screens where One Tap is cancelled (docs/product.md#sign-in-screens lists them): every authentication screen but the
 * activation link, whose visitor may well want to sign in another way.
 */
export function isOneTapExcluded(pathname: string): boolean {
  const screen = authScreenOf(pathname);
  return screen !== null && screen !== 'activate';
}
