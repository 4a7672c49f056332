import { isAuthScreen } from '../../lib/router/auth-paths';

/**
 * Returns `from` only when it is a same-site relative path (no scheme, no `//host`, no backslash
 * tricks), so `/login?from=` can never send a user to another site (open redirect).
 */
export function safeRedirectPath(from: string | null | undefined, fallback: string): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.includes('\\')) return fallback;
  // Control characters let some browsers turn "/\t/evil.example" into a host.
  if ([...from].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return fallback;
  try {
    const base = 'https://pharmaradar.invalid';
    const url = new URL(from, base);
    if (url.origin !== base) return fallback;
    // Auth screens never make sense as a post-login destination (and would loop).
    if (isAuthScreen(url.pathname)) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
