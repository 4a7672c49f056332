import { useLayoutEffect, useRef, type RefObject } from 'react';
import { FormattedMessage } from 'react-intl';
import { useOnlineStatus } from '../../lib/network/use-online-status';
import './offline-banner.css';

/** CSS variable the sticky headers add to their `top`, so the banner never covers them. */
export const OFFLINE_BANNER_HEIGHT_VAR = '--offline-banner-height';

/** Publishes the banner's height on <html> while it is shown (it wraps to more lines on phones). */
function usePublishedHeight(ref: RefObject<HTMLElement | null>, shown: boolean) {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(OFFLINE_BANNER_HEIGHT_VAR, `${element.offsetHeight}px`);
    publish();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(publish) : null;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(OFFLINE_BANNER_HEIGHT_VAR);
    };
  }, [ref, shown]);
}

/** docs/product.md#shell: shown on every page (home included) while the browser reports no connection. */
export function OfflineBanner() {
  const online = useOnlineStatus();
  const ref = useRef<HTMLDivElement>(null);
  usePublishedHeight(ref, !online);
  if (online) return null;
  return (
    <div ref={ref} className="offline-banner" role="status" aria-live="polite" data-testid="offline-banner">
      <span className="offline-banner__dot" aria-hidden="true" />
      <FormattedMessage id="common.offline.banner" />
    </div>
  );
}
