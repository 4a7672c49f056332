import { isAuthScreen } from '../../lib/router/auth-paths';

const BASE = 'https://pharmaradar.invalid';

/** A form of `from` that could reach another host: `//host`, backslashes or control characters. */
function looksExternal(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return true;
  // Control characters let some browsers turn "/\t/evil.example" into a host.
  if ([...path].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return true;
  const url = new URL(path, BASE);
  // Dot segments collapse before navigation: "/.//host" and "/..//host" become "//host".
  return url.origin !== BASE || url.pathname.startsWith('//');
}

/**
 * Returns `from` only when it is a same-site relative path, so `/login?from=` can never send a user
 * to another site (open redirect). Every decoded form is checked too (`/%2e//host`, `/%2F/host`):
 * routers and proxies decode before navigating. Anything doubtful gives `fallback` (home), never an error.
 */
export function safeRedirectPath(from: string | null | undefined, fallback: string): string {
  if (!from) return fallback;
  try {
    let form = from;
    for (let i = 0; i < 4; i++) {
      if (looksExternal(form)) return fallback;
      const decoded = decodeURIComponent(form);
      if (decoded === form) break;
      form = decoded;
    }
    if (looksExternal(form)) return fallback;
    const url = new URL(from, BASE);
    // Auth screens never make sense as a post-login destination (and would loop).
    if (isAuthScreen(url.pathname) || isAuthScreen(new URL(form, BASE).pathname)) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
