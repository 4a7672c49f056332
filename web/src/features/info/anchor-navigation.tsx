import { useEffect, type MouseEvent, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Scrolls to the element with this id; with `focus`, moves keyboard focus to its heading too, so a
 * screen-reader or keyboard user continues reading from the section they chose.
 */
export function scrollToAnchor(id: string, focus: boolean): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  // jsdom and very old engines have no scrollIntoView; the fragment in the URL still does its job.
  if (typeof target.scrollIntoView === 'function') target.scrollIntoView({ block: 'start' });
  if (focus) {
    const heading = target.matches('h1, h2, h3') ? target : target.querySelector<HTMLElement>('h2, h3');
    heading?.focus({ preventScroll: true });
  }
  return true;
}

/**
 * The page is a lazy chunk, so the browser's own jump to `#fragment` may happen before the section
 * exists: scroll once it has rendered, and again on back/forward between fragments.
 */
export function useScrollToHash(): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash.length > 1) scrollToAnchor(decodeURIComponent(hash.slice(1)), false);
  }, [hash]);
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey
  );
}

/**
 * A same-page link to `#id` that goes through the client router (so the URL, history and the
 * router's location agree) instead of a full document fragment navigation.
 */
export function AnchorLink({ id, children, className }: { id: string; children: ReactNode; className?: string }) {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainLeftClick(event)) return;
    event.preventDefault();
    const target = `#${id}`;
    void navigate({ pathname, search, hash: target }, { replace: hash === target, preventScrollReset: true });
    scrollToAnchor(id, true);
  };
  return (
    <a href={`#${id}`} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
