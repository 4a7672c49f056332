import { useEffect, useRef, useState, type RefObject } from 'react';
import {
  loadGoogleClientId,
  prepareGoogle,
  releaseGoogleHandler,
  type GoogleCredentialResponse,
} from './google-identity';

export interface GoogleButtonState {
  /** The server has a Google client id (the button may render); false while unknown or off. */
  enabled: boolean;
  /** Google Identity Services could not be loaded (offline, blocked). */
  unavailable: boolean;
}

/**
 * Renders GIS's "Sign in with Google" button into `holder` once the client id is known, and routes
 * its credentials to `onCredential` (the latest one given) while mounted.
 */
export function useGoogleButton(
  holder: RefObject<HTMLElement | null>,
  onCredential: (idToken: string) => void,
  locale: string,
): GoogleButtonState {
  const [clientId, setClientId] = useState<string | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const onCredentialRef = useRef(onCredential);

  useEffect(() => {
    onCredentialRef.current = onCredential;
  }, [onCredential]);

  useEffect(() => {
    let active = true;
    loadGoogleClientId().then(
      (id) => active && setClientId(id),
      () => active && setClientId(null),
    );
    return () => {
      active = false;
    };
  }, []);

  useEffect(() => {
    if (!clientId) return;
    let active = true;
    const handle = (response: GoogleCredentialResponse) => onCredentialRef.current(response.credential);
    prepareGoogle(clientId, handle).then(
      (gis) => {
        const target = holder.current;
        if (!active || !target) return;
        target.replaceChildren();
        const width = Math.max(200, Math.min(400, Math.floor(target.clientWidth || 320)));
        gis.renderButton(target, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'signin_with',
          shape: 'pill',
          logo_alignment: 'left',
          locale,
          width,
        });
      },
      (error: unknown) => {
        console.warn('Google sign-in unavailable:', error);
        if (active) setUnavailable(true);
      },
    );
    return () => {
      active = false;
      releaseGoogleHandler(handle);
    };
  }, [clientId, locale, holder]);

  return { enabled: clientId !== null, unavailable };
}
