import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { SearchStatus } from './search-state';

interface RevealInput {
  status: SearchStatus;
  /** How many products are on screen (provisional ones count: they are the first results). */
  productCount: number;
  /** The query searched: an input still holding it is not being typed in. */
  query: string;
}

/** The user is writing a new query: moving focus or the page now would get in their way. */
function isTyping(query: string): boolean {
  const active = document.activeElement;
  return active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement
    ? active.value.trim() !== query
    : active instanceof HTMLElement && active.isContentEditable === true;
}

/**
 * On a phone the results start below the hero and the chips. After a search the user asked for (a
 * submit or a chip), once the first results (or the empty/error/offline answer) arrive, the results
 * region gets the focus and is scrolled to, unless it is already in the upper half of the screen or the
 * user is typing another query. Returns the function to call when the user asks for a search.
 */
export function useRevealResults(target: RefObject<HTMLElement | null>, { status, productCount, query }: RevealInput) {
  // 'asked': a search was requested, its 'loading' not seen yet (the previous answer may still be shown).
  const step = useRef<'none' | 'asked' | 'loading'>('none');

  useEffect(() => {
    if (step.current === 'asked' && status === 'loading') step.current = 'loading';
    if (step.current !== 'loading') return;
    const arrived = productCount > 0 || status === 'done' || status === 'error' || status === 'offline';
    if (!arrived) return;
    step.current = 'none';
    const region = target.current;
    if (!region || isTyping(query)) return;
    if (region.getBoundingClientRect().top < window.innerHeight / 2) return;
    // Focus first without scrolling, then one scroll that honours the reduced-motion preference.
    region.focus({ preventScroll: true });
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    region.scrollIntoView?.({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
  }, [status, productCount, query, target]);

  return useCallback(() => {
    step.current = 'asked';
  }, []);
}
