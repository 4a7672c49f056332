import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { BRAND_NAME } from '@pharmaradar/shared/brand';
import { splitLocalePath } from '../../lib/router/localized-path';
import { Logo } from './logo';
import { alreadySeen, markSeen, pageDrawnByServer, SPLASH_END_MS, SPLASH_FADE_MS } from '../../lib/splash-timing';
import './splash.css';

type Phase = 'visible' | 'hidden' | 'unmounted';

/** A shared search link (/?q=dafalgan) brings someone for the results: no splash in their way. */
function hasSearchQuery(search: string): boolean {
  return (new URLSearchParams(search).get('q') ?? '').trim() !== '';
}

/** Drawn on the server (no window there), the page is on screen before any code runs: nothing to cover. */
const drawingOnServer = () => typeof window === 'undefined';

/**
 * Shown only when the session lands on the home page (bare or /fr|/en|/nl) without a search query
 * and has not seen it, and only over a page not drawn yet (ADR 166): never drawn by the server
 * with a page, never by the app over a page the server drew.
 */
export function Splash() {
  const { pathname, search } = useLocation();
  const intl = useIntl();
  const [phase, setPhase] = useState<Phase>(() =>
    !drawingOnServer() &&
    !pageDrawnByServer() &&
    splitLocalePath(pathname).rest === '/' &&
    !hasSearchQuery(search) &&
    !alreadySeen()
      ? 'visible'
      : 'unmounted',
  );
  const active = phase !== 'unmounted';

  useEffect(() => {
    if (!active) return;
    const fade = setTimeout(() => setPhase('hidden'), SPLASH_FADE_MS);
    const end = setTimeout(() => {
      setPhase('unmounted');
      markSeen();
    }, SPLASH_END_MS);
    return () => {
      clearTimeout(fade);
      clearTimeout(end);
    };
  }, [active]);

  if (phase === 'unmounted') return null;
  return (
    <div
      className={`splash${phase === 'hidden' ? ' splash--hidden' : ''}`}
      data-testid="splash"
      data-phase={phase}
      aria-hidden="true"
    >
      <div className="splash__content">
        <div className="splash__mark">
          <span className="splash__ring" />
          <Logo size={88} />
        </div>
        <p className="splash__brand">{BRAND_NAME}</p>
        <p className="splash__tagline">{intl.formatMessage({ id: 'layout.splash.tagline' })}</p>
      </div>
    </div>
  );
}
