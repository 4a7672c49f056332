/** Authentication screens, bare or under a language prefix: the gate never covers them. */
const AUTH_SCREEN =
  /^\/(?:(?:fr|en|nl)\/)?(?:login|register|verify-otp|forgot-password|reset-password|activate)(?:\/|$)/;

export function isAuthScreen(pathname: string): boolean {
  return AUTH_SCREEN.test(pathname);
}
