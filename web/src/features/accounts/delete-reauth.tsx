import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocale } from '../../lib/i18n/use-locale';
import { useLocalizedNavigate } from '../../lib/router/use-localized-navigate';
import { useLocalizedPath } from '../../lib/router/use-localized-path';
import { useGoogleButton } from '../../lib/session/use-google-button';
import { useSession } from '../../lib/session/use-session';
import { verifyGoogleCredential } from '../../lib/session/google-identity';

interface DeleteReauthProps {
  /** The account being deleted: a Google sign-in into another account must not count. */
  userId: number | null;
  onConfirmed: () => void;
  /** Signed in as someone else: the dialog no longer concerns the account shown. */
  onOtherAccount: () => void;
}

/**
 * A Google-only account is deleted only from a fresh Google sign-in (403 reauth_required,
 * docs/security.md#sessions): GIS's button right here or, where Google cannot load, sign out and sign in again.
 */
export function DeleteReauth({ userId, onConfirmed, onOtherAccount }: DeleteReauthProps) {
  const intl = useIntl();
  const navigate = useLocalizedNavigate();
  const localize = useLocalizedPath();
  const { setUser, logout } = useSession();
  const [status, setStatus] = useState<string | null>(null);
  const holder = useRef<HTMLDivElement>(null);
  const google = useGoogleButton(holder, onCredential, useLocale());

  function onCredential(idToken: string) {
    setStatus(intl.formatMessage({ id: 'account.delete.reauthPending' }));
    verifyGoogleCredential(idToken, null).then(
      (raw) => {
        const next = setUser(raw);
        if (next.id !== userId) onOtherAccount();
        else onConfirmed();
      },
      () => setStatus(intl.formatMessage({ id: 'account.delete.reauthFailed' })),
    );
  }

  async function onSignInAgain() {
    if (!(await logout())) return;
    navigate(`/login?from=${encodeURIComponent(localize('/compte'))}`);
  }

  return (
    <div className="account-reauth" data-testid="delete-reauth">
      <p className="account-notice account-notice--error" role="alert">
        {intl.formatMessage({ id: 'account.delete.reauthBody' })}
      </p>
      {google.enabled ? <div ref={holder} className="account-reauth__google" /> : null}
      {status ? (
        <p className="account-hint" role="status" aria-live="polite">
          {status}
        </p>
      ) : null}
      <button type="button" className="btn btn--secondary" onClick={() => void onSignInAgain()}>
        {intl.formatMessage({ id: 'account.delete.reauthLogin' })}
      </button>
    </div>
  );
}
