/**
 * Work a feature wants done before a logout wipes the device (ADR 080: the Pro tool sends its
 * unsynced changes first). Features register here; lib never imports them. Each hook gets at most
 * BEFORE_LOGOUT_LIMIT_MS in total, so a slow server never holds the logout up for long.
 */
export const BEFORE_LOGOUT_LIMIT_MS = 5000;

const hooks = new Set<() => Promise<unknown>>();

/** Adds a hook; returns its removal. */
export function registerBeforeLogout(hook: () => Promise<unknown>): () => void {
  hooks.add(hook);
  return () => hooks.delete(hook);
}

export async function runBeforeLogout(limitMs = BEFORE_LOGOUT_LIMIT_MS): Promise<void> {
  if (hooks.size === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, limitMs)));
  // A failing hook is its own business: the logout goes on.
  const all = Promise.allSettled([...hooks].map((hook) => hook()));
  await Promise.race([all, limit]);
  clearTimeout(timer);
}
