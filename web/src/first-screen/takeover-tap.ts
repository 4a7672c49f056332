/**
 * A tap (or Space/Enter) that starts on the drawn page while the app is drawing over it ends after
 * the commit replaced the element under the finger: the browser then sends the click to what both
 * pages share (`#root`), and the tap opens nothing. This carries it over to the app's twin of that
 * element, once (ADR 182). Loaded with the app (app/start-app.tsx), not with the drawn page's small entry.
 */

import { TWIN_CONTROLS, twinKey, twinsOf } from './twin-control';

/** Older than this, the person has moved on: no replay. */
export const TAKEOVER_TAP_MAX_AGE_MS = 1000;
/** How often a twin that is not drawn yet (a part still loading) is looked for again. */
const RETRY_MS = 16;

interface Pending {
  element: Element;
  key: string;
  at: number;
  address: string;
  /** The finger is up (or the key released) and no click reached the element. */
  released: boolean;
}

export interface TakeoverTaps {
  /** Runs in the commit where the app's page replaced the drawn one. */
  committed(): void;
  stop(): void;
}

/**
 * Watches `root` from just before the app draws over it until a tap that spans the commit is
 * settled. `now` is the page's clock (a test passes its own).
 */
export function watchTakeoverTaps(root: HTMLElement, now: () => number = () => performance.now()): TakeoverTaps {
  let pending: Pending | null = null;
  let committed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const drawnActionable = (target: EventTarget | null): Element | null => {
    if (committed || !(target instanceof Element) || !root.contains(target)) return null;
    const element = target.closest(TWIN_CONTROLS);
    return element && root.contains(element) ? element : null;
  };
  const focusedBefore = drawnActionable(document.activeElement);
  let focusedKey: string | null = focusedBefore ? twinKey(focusedBefore) : null;
  const record = (target: EventTarget | null) => {
    const element = drawnActionable(target);
    pending = element ? { element, key: twinKey(element), at: now(), address: location.href, released: false } : null;
  };
  const fresh = (tap: Pending) => now() - tap.at <= TAKEOVER_TAP_MAX_AGE_MS && location.href === tap.address;

  const replay = () => {
    const tap = pending;
    if (!tap || !fresh(tap)) return finish();
    const twins = twinsOf(root, tap.key);
    // Only an unambiguous twin: tapping the wrong element would be worse than asking for another tap.
    if (twins.length > 1) return finish();
    if (twins.length === 0) {
      timer = setTimeout(replay, RETRY_MS); // a part of the app's page still loading
      return;
    }
    pending = null;
    finish();
    twins[0]!.click();
  };
  const settle = () => {
    const tap = pending;
    if (!tap) return;
    // Still on the page, the element had its chance: the browser answered the tap (or chose not to).
    if (tap.element.isConnected) return finish();
    tap.released = true;
    if (committed) replay();
  };

  const onPointerDown = (event: PointerEvent) => {
    if (event.isPrimary && event.button === 0) record(event.target);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') record(event.target);
  };
  const onRelease = () => void setTimeout(settle, 0); // the click follows the release in the same turn
  const onCancel = () => {
    pending = null;
  };
  const onClick = (event: MouseEvent) => {
    if (pending && event.composedPath().includes(pending.element)) pending = null;
  };
  const onFocus = (event: FocusEvent) => {
    const element = drawnActionable(event.target);
    focusedKey = element ? twinKey(element) : null;
  };

  const listeners = [
    ['pointerdown', onPointerDown],
    ['keydown', onKeyDown],
    ['pointerup', onRelease],
    ['keyup', onRelease],
    ['pointercancel', onCancel],
    ['click', onClick],
    ['focusin', onFocus],
  ] as const;
  for (const [type, listener] of listeners)
    document.addEventListener(type, listener as EventListener, { capture: true, passive: true });

  function finish() {
    pending = null;
    clearTimeout(timer);
    for (const [type, listener] of listeners)
      document.removeEventListener(type, listener as EventListener, { capture: true });
  }

  return {
    committed() {
      committed = true;
      // A drawn control that had the focus is gone with the drawn page: its twin takes it, so the
      // next Enter or Space acts on it (text fields are the handover's, which comes first).
      if (focusedKey && (document.activeElement === null || document.activeElement === document.body)) {
        const twins = twinsOf(root, focusedKey);
        if (twins.length === 1) twins[0]!.focus({ preventScroll: true });
      }
      if (!pending) return finish();
      if (pending.released) replay();
    },
    stop: finish,
  };
}
