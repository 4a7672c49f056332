/**
 * The browser's local and session storage, reached through this one module. The server draws the
 * first screen with the same code: there is no window there, and Node 25 and later define a global
 * `localStorage` whose first touch prints an ExperimentalWarning (and would be one store shared by
 * every visitor), so a render on the server never reaches it. Storage that throws (disabled, private
 * mode, a full quota) is treated as absent: callers keep their state in memory for the visit.
 */
type Area = 'local' | 'session';

function storage(area: Area): Storage | undefined {
  if (typeof window === 'undefined') return undefined;
  try {
    return area === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The stored text; null when nothing is stored under the key; undefined when there is no storage. */
export function readStored(key: string, area: Area = 'local'): string | null | undefined {
  try {
    const store = storage(area);
    return store ? store.getItem(key) : undefined;
  } catch {
    return undefined;
  }
}

/** Stores the text (null removes the key); false when it could not be kept. */
export function writeStored(key: string, value: string | null, area: Area = 'local'): boolean {
  try {
    const store = storage(area);
    if (!store) return false;
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** Empties one area (a logout on a shared tablet). */
export function clearStored(area: Area): void {
  try {
    storage(area)?.clear();
  } catch {
    // Storage disabled: nothing was kept there either.
  }
}
