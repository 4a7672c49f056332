/** Screens where One Tap is cancelled (SPEC §2), bare or under a language prefix. */
const NO_ONE_TAP = /^\/(?:(?:fr|en|nl)\/)?(?:login|register|verify-otp|forgot-password|reset-password)(?:\/|$)/;

export function isOneTapExcluded(pathname: string): boolean {
  return NO_ONE_TAP.test(pathname);
}
