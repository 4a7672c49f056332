import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocale } from '../../lib/i18n/use-locale';
import { loadGoogleClientId, prepareGoogle, releaseGoogleHandler, type GoogleCredentialResponse } from '../../lib/session';

interface GoogleButtonProps {
  onCredential: (idToken: string) => void;
  /** Shown under the button (a pending or failed Google sign-in). */
  status?: string | null;
}

/**
 * "Sign in with Google" rendered by Google Identity Services (its own iframe button). Hidden
 * entirely when the server has no Google client id (DESIGN §4).
 */
export function GoogleButton({ onCredential, status }: GoogleButtonProps) {
  const intl = useIntl();
  const locale = useLocale();
  const [clientId, setClientId] = useState<string | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const holder = useRef<HTMLDivElement>(null);
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
        gis.renderButton(target, { type: 'standard', theme: 'outline', size: 'large', text: 'signin_with', shape: 'pill', logo_alignment: 'left', locale, width });
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
  }, [clientId, locale]);

  if (!clientId) return null;
  return (
    <div className="auth-google" data-testid="google-signin">
      <div className="auth-divider">{intl.formatMessage({ id: 'auth.login.or' })}</div>
      <div ref={holder} className="auth-google__button" />
      {unavailable ? (
        <p className="auth-field__hint" role="status">
          {intl.formatMessage({ id: 'auth.login.googleUnavailable' })}
        </p>
      ) : null}
      {status ? (
        <p className="auth-field__hint" role="status" aria-live="polite">
          {status}
        </p>
      ) : null}
    </div>
  );
}
