import { PASSWORD_MIN_LENGTH } from '@pharmaradar/shared/auth.schema';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { BRAND_NAME } from '@pharmaradar/shared/brand';
import { api, isApiRequestError } from '../../lib/api/client';
import { useDocumentTitle } from '../../lib/router/use-document-title';
import { useSession } from '../../lib/session/use-session';
import { ActivatedPasswordField } from './activated-password-field';
import { AuthCard } from './auth-card';
import { errorText } from './auth-errors';
import { FormAlert } from '../../lib/ui/form-alert';
import { Spinner } from '../../lib/ui/spinner';
import { useFormError } from '../../lib/ui/use-form-error';
import { ButtonLink } from '../../lib/ui/button-link';

/** `password`: the link was opened in another browser than the one that registered; it activates the password typed. */
type Phase = 'loading' | 'password' | 'success' | 'error';
const ALERT_ID = 'activate-password-alert';

export default function ActivatePage() {
  const intl = useIntl();
  const { uid = '', token = '' } = useParams();
  const { reload, isAuthenticated } = useSession();
  const [phase, setPhase] = useState<Phase>('loading');
  const [message, setMessage] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useFormError();
  const showFormError = form.show;
  // The link is single use: React's development double effect must not spend it twice.
  const started = useRef(false);
  useDocumentTitle(intl.formatMessage({ id: 'auth.activate.title' }));

  const activate = useCallback(
    async (typed?: string) => {
      try {
        await api.post('/auth/activate/', typed === undefined ? { uid, token } : { uid, token, password: typed });
        // The server logged the user in (docs/architecture.md#accounts-and-security): pick up the new session.
        await reload();
        setPhase('success');
      } catch (error) {
        if (isApiRequestError(error) && (error.code === 'password_required' || error.code === 'password_common')) {
          setPhase('password');
          if (typed !== undefined) {
            showFormError(error.detail || intl.formatMessage({ id: 'auth.errors.passwordRequired' }), ['password']);
          }
          return;
        }
        const linkProblem =
          isApiRequestError(error) && error.status >= 400 && error.status < 500 && error.status !== 429;
        setMessage(linkProblem ? null : errorText(intl, error, 'auth.errors.generic'));
        setPhase('error');
      }
    },
    [uid, token, reload, intl, showFormError],
  );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void activate();
  }, [activate]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if ([...password].length < PASSWORD_MIN_LENGTH) {
      return form.show(intl.formatMessage({ id: 'auth.errors.passwordRequired' }), ['password']);
    }
    form.clear();
    setBusy(true);
    await activate(password);
    setBusy(false);
  }

  if (phase === 'password') {
    return (
      <AuthCard title={intl.formatMessage({ id: 'auth.activate.passwordTitle' })}>
        <p className="auth-card__subtitle">{intl.formatMessage({ id: 'auth.activate.passwordIntro' })}</p>
        <form ref={form.formRef} className="auth-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
          <ActivatedPasswordField
            id="activate-password"
            autoFocus
            value={password}
            onValueChange={setPassword}
            form={form}
            alertId={ALERT_ID}
          />
          <FormAlert id={ALERT_ID}>{form.error?.text}</FormAlert>
          <button type="submit" className="btn btn--primary auth-submit" disabled={busy}>
            {intl.formatMessage({ id: busy ? 'auth.common.pleaseWait' : 'auth.activate.submit' })}
          </button>
        </form>
      </AuthCard>
    );
  }

  if (phase === 'loading') {
    return (
      <AuthCard title={intl.formatMessage({ id: 'auth.activate.title' })}>
        <p className="auth-status" role="status" aria-live="polite">
          <Spinner />
          {intl.formatMessage({ id: 'auth.activate.loading' })}
        </p>
      </AuthCard>
    );
  }

  if (phase === 'success') {
    return (
      <AuthCard title={intl.formatMessage({ id: 'auth.activate.successTitle' })}>
        <div className="auth-icon auth-icon--success" aria-hidden="true">
          ✓
        </div>
        <p role="status">{intl.formatMessage({ id: 'auth.activate.successBody' }, { brand: BRAND_NAME })}</p>
        <div className="auth-actions">
          {isAuthenticated ? (
            <ButtonLink primary to="/">
              {intl.formatMessage({ id: 'auth.activate.continue' })}
            </ButtonLink>
          ) : (
            <ButtonLink primary to="/login">
              {intl.formatMessage({ id: 'auth.activate.login' })}
            </ButtonLink>
          )}
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={intl.formatMessage({ id: 'auth.activate.errorTitle' })}>
      <div className="auth-icon auth-icon--error" aria-hidden="true">
        !
      </div>
      <FormAlert id="activate-error">
        {message ?? intl.formatMessage({ id: 'auth.errors.activationInvalid' })}
      </FormAlert>
      <div className="auth-actions">
        <ButtonLink primary to="/login">
          {intl.formatMessage({ id: 'auth.activate.login' })}
        </ButtonLink>
        <ButtonLink to="/register">{intl.formatMessage({ id: 'auth.activate.register' })}</ButtonLink>
      </div>
    </AuthCard>
  );
}
