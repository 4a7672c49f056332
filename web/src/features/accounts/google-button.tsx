import { useRef, type ReactNode, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { useLocale } from '../../lib/i18n/use-locale';
import { useGoogleButton } from '../../lib/session/use-google-button';

interface GoogleButtonProps {
  onCredential: (idToken: string) => void;
  /** Shown under the button (a pending or failed Google sign-in). */
  status?: string | null;
  /** A line saying what the block's own question is for ("To sign up with Google"). */
  caption?: string;
  /** Asked before the button (the pharmacist question): only exists when Google sign-in does. */
  children?: ReactNode;
  blockRef?: RefObject<HTMLDivElement | null>;
}

const CAPTION_ID = 'google-signin-caption';

/**
 * "Sign in with Google" rendered by Google Identity Services (its own iframe button), with what a
 * Google sign-up needs first. Hidden entirely when the server has no Google client id (docs/architecture.md#running-modes).
 */
export function GoogleButton({ onCredential, status, caption, children, blockRef }: GoogleButtonProps) {
  const intl = useIntl();
  const locale = useLocale();
  const holder = useRef<HTMLDivElement>(null);
  const { enabled, unavailable } = useGoogleButton(holder, onCredential, locale);

  if (!enabled) return null;
  return (
    <div
      ref={blockRef}
      className="auth-google"
      data-testid="google-signin"
      role="group"
      aria-labelledby={caption ? CAPTION_ID : undefined}
    >
      <div className="auth-divider">{intl.formatMessage({ id: 'auth.login.or' })}</div>
      {caption ? (
        <p id={CAPTION_ID} className="auth-google__caption">
          {caption}
        </p>
      ) : null}
      {children}
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
