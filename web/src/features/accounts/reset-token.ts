import { readStored, writeStored } from '../../lib/web-storage';

/**
 * The reset link's token leaves the address bar as soon as the page opens (it would otherwise sit
 * in history, screenshots and shoulder views): it is kept for this tab only and the URL shows
 * `/reset-password/{uid}/set-password` instead, as Django does.
 */
export const TOKEN_PLACEHOLDER = 'set-password';
const KEY = 'pe_reset_link';

export function stashResetToken(uid: string, token: string): void {
  // Without storage the token stays in memory for this page view only.
  writeStored(KEY, JSON.stringify({ uid, token }), 'session');
}

export function readResetToken(uid: string): string | null {
  try {
    const saved = JSON.parse(readStored(KEY, 'session') ?? 'null') as { uid?: unknown; token?: unknown } | null;
    return saved && saved.uid === uid && typeof saved.token === 'string' ? saved.token : null;
  } catch {
    return null;
  }
}

export function clearResetToken(): void {
  writeStored(KEY, null, 'session');
}
