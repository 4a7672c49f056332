import { useEffect, useState } from 'react';
import { readStored, writeStored } from '../../lib/web-storage';

/** docs/product.md#constants: the burger hint shows once, for 1.8 s, remembered in local storage. */
export const MENU_HINT_KEY = 'pe_menu_hint_seen';
export const MENU_HINT_MS = 1800;
export const MOBILE_QUERY = '(max-width: 1023.98px)';

function hintAlreadySeen(): boolean {
  return readStored(MENU_HINT_KEY) !== null; // no storage (undefined): never nag on every page
}

function isMobileViewport(): boolean {
  // The burger only exists below 1024 px; without matchMedia (old engines) assume a small screen.
  return typeof window.matchMedia !== 'function' || window.matchMedia(MOBILE_QUERY).matches;
}

/** True while the one-time hint is visible; `dismiss` hides it early (the menu was opened). */
export function useBurgerHint(): { visible: boolean; dismiss: () => void } {
  const [visible, setVisible] = useState(() => !hintAlreadySeen() && isMobileViewport());

  useEffect(() => {
    if (!visible) return;
    writeStored(MENU_HINT_KEY, '1');
    const timer = setTimeout(() => setVisible(false), MENU_HINT_MS);
    return () => clearTimeout(timer);
  }, [visible]);

  return { visible, dismiss: () => setVisible(false) };
}
