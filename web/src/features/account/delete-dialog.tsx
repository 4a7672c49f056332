import { useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import { normalizeEmail } from '@pharmaradar/shared/auth.schema';
import { api, isApiRequestError } from '../../lib/api/client';
import { useLocalizedNavigate } from '../../lib/router';
import { useSession } from '../../lib/session';
import { useModalFocus } from '../../lib/a11y/modal-focus';

/** The confirm button is enabled only once the user typed their own address and ticked the box. */
export function canConfirmDeletion(accountEmail: string | null, typed: string, acknowledged: boolean): boolean {
  return Boolean(accountEmail) && acknowledged && normalizeEmail(typed) === normalizeEmail(accountEmail ?? '');
}

export function DeleteDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const navigate = useLocalizedNavigate();
  const { user, setUser } = useSession();
  const dialogRef = useRef<HTMLDivElement>(null);
  const [typed, setTyped] = useState('');
  const [acknowledged, setAcknowledged] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useModalFocus(dialogRef, busy ? undefined : onClose);

  const ready = canConfirmDeletion(user.email, typed, acknowledged);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    setError(null);
    try {
      await api.post('/account/delete/', { email_confirmation: typed.trim(), acknowledge: true });
      // The server ended every session of the account: the app is anonymous from now on.
      setUser(null);
      navigate('/', { replace: true, state: { accountDeleted: true } });
    } catch (failure) {
      const detail = isApiRequestError(failure) && failure.status >= 400 && failure.status < 500 ? failure.detail : '';
      const base = intl.formatMessage({ id: 'account.delete.error' });
      setError(detail && detail !== base ? `${base} ${detail}` : base);
      setBusy(false);
    }
  }

  return createPortal(
    <div
      className="account-dialog-backdrop"
      data-modal-root=""
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !busy) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className="account-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="delete-title"
        aria-describedby="delete-body"
        data-testid="delete-dialog"
        tabIndex={-1}
      >
        <h2 id="delete-title">{intl.formatMessage({ id: 'account.delete.title' })}</h2>
        <p id="delete-body">{intl.formatMessage({ id: 'account.delete.body' })}</p>
        <form className="account-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
          <div className="account-field">
            <label htmlFor="delete-email">{intl.formatMessage({ id: 'account.delete.emailLabel' }, { email: user.email ?? '' })}</label>
            <input
              id="delete-email"
              name="email_confirmation"
              type="email"
              inputMode="email"
              autoComplete="off"
              spellCheck={false}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              disabled={busy}
            />
          </div>
          <label className="account-check">
            <input
              type="checkbox"
              name="acknowledge"
              checked={acknowledged}
              onChange={(event) => setAcknowledged(event.target.checked)}
              disabled={busy}
            />
            <span>{intl.formatMessage({ id: 'account.delete.acknowledge' })}</span>
          </label>
          {error ? (
            <p className="account-notice account-notice--error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="account-actions account-actions--end">
            <button type="button" className="btn btn--secondary" onClick={onClose} disabled={busy}>
              {intl.formatMessage({ id: 'account.delete.cancel' })}
            </button>
            <button type="submit" className="btn account-danger" disabled={!ready || busy} data-testid="delete-confirm">
              {intl.formatMessage({ id: busy ? 'account.delete.deleting' : 'account.delete.confirm' })}
            </button>
          </div>
        </form>
      </div>
    </div>,
    document.body,
  );
}
