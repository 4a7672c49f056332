/**
 * Work a feature wants done before a logout wipes the device. Features register here; lib never
 * imports them. Each round of hooks gets at most BEFORE_LOGOUT_LIMIT_MS in total, so a slow server
 * never holds the logout up for long. Two moments:
 * - before the logout is asked for (ADR 080: the Pro tool sends its unsynced changes first, which
 *   may be tried again while the person is warned of what would be lost);
 * - once it is decided (nothing lost, or the person chose to log out anyway): undoing what only the
 *   person who leaves should have, such as this device's push subscription, which a logout the
 *   person cancels must keep.
 */
export const BEFORE_LOGOUT_LIMIT_MS = 5000;

type Hook = () => Promise<unknown>;
const beforeAsking = new Set<Hook>();
const onceDecided = new Set<Hook>();

function register(hooks: Set<Hook>, hook: Hook): () => void {
  hooks.add(hook);
  return () => hooks.delete(hook);
}

async function runAll(hooks: Set<Hook>, limitMs: number): Promise<void> {
  if (hooks.size === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, limitMs)));
  // A failing hook is its own business: the logout goes on.
  const all = Promise.allSettled([...hooks].map((hook) => hook()));
  await Promise.race([all, limit]);
  clearTimeout(timer);
}

/** Adds a hook run before the logout is asked for (and again on "sync first"); returns its removal. */
export function registerBeforeLogout(hook: Hook): () => void {
  return register(beforeAsking, hook);
}

/** Adds a hook run once the logout is decided, before the session ends; returns its removal. */
export function registerOnLogoutDecided(hook: Hook): () => void {
  return register(onceDecided, hook);
}

export async function runBeforeLogout(limitMs = BEFORE_LOGOUT_LIMIT_MS): Promise<void> {
  await runAll(beforeAsking, limitMs);
}

export async function runOnLogoutDecided(limitMs = BEFORE_LOGOUT_LIMIT_MS): Promise<void> {
  await runAll(onceDecided, limitMs);
}
