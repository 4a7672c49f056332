import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ProMarketing, ProNeeded, type ProVideo } from '../features/billing/pro-wall-views';
import { useSession } from '../lib/session/use-session';
import { PageFrame } from '../lib/ui/page-frame';

/** The intro video of the wall, when the build sets VITE_PRO_VIDEO_URL (and optionally a poster). */
function configuredVideo(): ProVideo | null {
  const src = import.meta.env.VITE_PRO_VIDEO_URL as string | undefined;
  if (!src) return null;
  return { src, poster: (import.meta.env.VITE_PRO_VIDEO_POSTER as string | undefined) || undefined };
}

/**
 * Guards a Pro-only route element (docs/product.md#pro-wall): nothing until the session check is over, then the
 * marketing wall for a visitor, 'Pro needed' for a free user, and the element (`children`, else the
 * child route) for Pro and Ultra. The Pro tool itself stays unaware of plans.
 */
export function ProWall({ children, video = configuredVideo() }: { children?: ReactNode; video?: ProVideo | null }) {
  const { booted, isAuthenticated, user } = useSession();
  const location = useLocation();
  if (!booted) return <PageFrame aria-busy="true" data-testid="pro-wall-booting" />;
  if (!isAuthenticated) return <ProMarketing from={`${location.pathname}${location.search}`} video={video} />;
  if (user.plan === 'free') return <ProNeeded />;
  return children ?? <Outlet />;
}
