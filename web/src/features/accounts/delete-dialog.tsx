import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { normalizeEmail } from '@pharmaradar/shared/auth.schema';
import { api, isApiRequestError } from '../../lib/api/client';
import { useLocalizedNavigate } from '../../lib/router/use-localized-navigate';
import { useSession } from '../../lib/session/use-session';
import { Dialog } from '../../lib/ui/dialog';
import { EMAIL_INPUT } from '../../lib/ui/email-field';
import { DeleteReauth } from './delete-reauth';

/**
 * The confirm button is enabled only once the user typed their own address, ticked the box and,
 * when the account has a password (`password` not null), typed it.
 */
export function canConfirmDeletion(
  accountEmail: string | null,
  typed: string,
  acknowledged: boolean,
  password: string | null = null,
): boolean {
  return (
    Boolean(accountEmail) &&
    acknowledged &&
    normalizeEmail(typed) === normalizeEmail(accountEmail ?? '') &&
    (password === null || password.length > 0)
  );
}

type Reauth = 'none' | 'required' | 'done';

/** Subscription states the payment provider may still charge: deletion ends them at once (ADR 130). */
const CHARGEABLE = new Set(['active', 'trialing', 'past_due', 'canceled_at_period_end', 'unpaid', 'incomplete']);

export function DeleteDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const navigate = useLocalizedNavigate();
  const { user, setUser } = useSession();
  const passwordRef = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const [acknowledged, setAcknowledged] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [reauth, setReauth] = useState<Reauth>('none');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Back to the password after a refusal (once the field is enabled again), ready to retype.
  useEffect(() => {
    if (!passwordError) return;
    passwordRef.current?.focus();
    passwordRef.current?.select();
  }, [passwordError]);

  // Re-authentication (docs/security.md#sessions): the password when the account has one (unknown counts as
  // yes), otherwise a recent Google sign-in, which the server asks for with 403 reauth_required.
  const needsPassword = user.has_password !== false;
  const ready =
    canConfirmDeletion(user.email, typed, acknowledged, needsPassword ? password : null) && reauth !== 'required';

  function onFailure(failure: unknown) {
    const code = isApiRequestError(failure) ? failure.code : '';
    if (
      code === 'incorrect_password' ||
      (code === 'validation' && isApiRequestError(failure) && failure.fields?.password)
    ) {
      setPasswordError(
        intl.formatMessage({
          id: code === 'incorrect_password' ? 'account.delete.passwordIncorrect' : 'account.delete.passwordRequired',
        }),
      );
      return;
    }
    if (code === 'reauth_required') {
      setReauth('required');
      return;
    }
    // The provider could not end the subscription: the server's sentence says what to do.
    const explained =
      isApiRequestError(failure) &&
      ((failure.status >= 400 && failure.status < 500) || code === 'subscription_cancel_failed');
    const detail = explained ? failure.detail : '';
    const base = intl.formatMessage({ id: 'account.delete.error' });
    setError(detail && detail !== base ? `${base} ${detail}` : base);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    setError(null);
    setPasswordError(null);
    try {
      await api.post('/account/delete/', {
        email_confirmation: typed.trim(),
        acknowledge: true,
        ...(needsPassword ? { password } : {}),
      });
      // The server ended every session of the account: the app is anonymous from now on.
      setUser(null);
      navigate('/', { replace: true, state: { accountDeleted: true } });
    } catch (failure) {
      onFailure(failure);
      setBusy(false);
    }
  }

  return (
    <Dialog
      labelledBy="delete-title"
      describedBy="delete-body"
      onClose={busy ? undefined : onClose}
      className="account-dialog"
      testId="delete-dialog"
    >
      <h2 id="delete-title">{intl.formatMessage({ id: 'account.delete.title' })}</h2>
      <div id="delete-body">
        <p>{intl.formatMessage({ id: 'account.delete.body' })}</p>
        {CHARGEABLE.has(user.subscription_status) ? (
          <p className="account-notice" data-testid="delete-subscription">
            {intl.formatMessage({ id: 'account.delete.subscription' })}
          </p>
        ) : null}
      </div>
      <form className="account-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <div className="account-field">
          <label htmlFor="delete-email">
            {intl.formatMessage({ id: 'account.delete.emailLabel' }, { email: user.email ?? '' })}
          </label>
          <input
            id="delete-email"
            name="email_confirmation"
            {...EMAIL_INPUT}
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            disabled={busy}
          />
        </div>
        {needsPassword ? (
          <div className="account-field">
            <label htmlFor="delete-password">{intl.formatMessage({ id: 'account.delete.passwordLabel' })}</label>
            <input
              ref={passwordRef}
              id="delete-password"
              name="password"
              type="password"
              autoComplete="current-password"
              autoCapitalize="off"
              spellCheck={false}
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setPasswordError(null);
              }}
              disabled={busy}
              aria-invalid={passwordError ? true : undefined}
              aria-describedby={passwordError ? 'delete-password-hint delete-password-error' : 'delete-password-hint'}
            />
            <p className="account-hint" id="delete-password-hint">
              {intl.formatMessage({ id: 'account.delete.passwordHint' })}
            </p>
            {passwordError ? (
              <p className="account-field__error" id="delete-password-error" role="alert">
                {passwordError}
              </p>
            ) : null}
          </div>
        ) : null}
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
        {reauth === 'required' ? (
          <DeleteReauth userId={user.id} onConfirmed={() => setReauth('done')} onOtherAccount={onClose} />
        ) : null}
        {reauth === 'done' ? (
          <p className="account-notice account-notice--success" role="status" data-testid="delete-reauth-done">
            {intl.formatMessage({ id: 'account.delete.reauthDone' })}
          </p>
        ) : null}
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
    </Dialog>
  );
}
