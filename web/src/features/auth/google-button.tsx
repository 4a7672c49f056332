import { useRef } from 'react';
import { useIntl } from 'react-intl';
import { useLocale } from '../../lib/i18n/use-locale';
import { useGoogleButton } from '../../lib/session';

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
  const holder = useRef<HTMLDivElement>(null);
  const { enabled, unavailable } = useGoogleButton(holder, onCredential, locale);

  if (!enabled) return null;
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
