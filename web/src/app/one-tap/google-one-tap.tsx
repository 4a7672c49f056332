import { useEffect } from 'react';
import { useLocation } from 'react-router';
import {
  cancelOneTap,
  loadGoogleClientId,
  prepareGoogle,
  releaseGoogleHandler,
  verifyGoogleCredential,
  type GoogleCredentialResponse,
} from '../../lib/session/google-identity';
import { useSession } from '../../lib/session/use-session';
import { isOneTapExcluded } from './one-tap-paths';

/**
 * Google One Tap for signed-out visitors (docs/product.md#sign-in-screens). Renders nothing itself: GIS shows its own
 * prompt. Cancelled on the authentication screens; failures are only logged (docs/architecture.md#client-rules).
 */
export function GoogleOneTap() {
  const { booted, isAuthenticated, reload } = useSession();
  const { pathname } = useLocation();
  const excluded = isOneTapExcluded(pathname);

  useEffect(() => {
    if (!booted) return;
    if (excluded || isAuthenticated) {
      cancelOneTap();
      return;
    }
    let active = true;
    const onCredential = (response: GoogleCredentialResponse) => {
      verifyGoogleCredential(response.credential, null)
        .then(() => reload())
        .catch((error: unknown) => console.warn('Google One Tap sign-in failed:', error));
    };
    void (async () => {
      try {
        const clientId = await loadGoogleClientId();
        if (!clientId || !active) return;
        const gis = await prepareGoogle(clientId, onCredential);
        if (active) gis.prompt();
      } catch (error) {
        console.warn('Google One Tap unavailable:', error);
      }
    })();
    return () => {
      active = false;
      releaseGoogleHandler(onCredential);
    };
  }, [booted, excluded, isAuthenticated, reload]);

  return null;
}
