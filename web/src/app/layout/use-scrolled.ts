import { useSyncExternalStore } from 'react';

/** docs/product.md#constants: the navbar condenses once the page scrolled beyond 8 px. */
export const SCROLL_THRESHOLD_PX = 8;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

export function useScrolledPast(threshold = SCROLL_THRESHOLD_PX): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.scrollY > threshold,
    () => false,
  );
}
