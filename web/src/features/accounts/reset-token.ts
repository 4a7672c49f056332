/**
 * The reset link's token leaves the address bar as soon as the page opens (it would otherwise sit
 * in history, screenshots and shoulder views): it is kept for this tab only and the URL shows
 * `/reset-password/{uid}/set-password` instead, as Django does.
 */
export const TOKEN_PLACEHOLDER = 'set-password';
const KEY = 'pe_reset_link';

export function stashResetToken(uid: string, token: string): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ uid, token }));
  } catch {
    // Without storage the token stays in memory for this page view only.
  }
}

export function readResetToken(uid: string): string | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { uid?: unknown; token?: unknown } | null;
    return saved && saved.uid === uid && typeof saved.token === 'string' ? saved.token : null;
  } catch {
    return null;
  }
}

export function clearResetToken(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}
