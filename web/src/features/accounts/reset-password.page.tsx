import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate, useParams } from 'react-router';
import { passwordResetCheckResponseSchema } from '@pharmaradar/shared/auth.schema';
import { api, isApiRequestError } from '../../lib/api/client';
import { LocalizedLink } from '../../lib/router/localized-link';
import { useDocumentTitle } from '../../lib/router/use-document-title';
import { AuthCard } from './auth-card';
import { errorText, fieldErrors, isRateLimited } from './auth-errors';
import { validateReset, type ResetValues } from './auth.validation';
import { FormAlert } from '../../lib/ui/form-alert';
import { PasswordField } from '../../lib/ui/password-field';
import { clearResetToken, readResetToken, stashResetToken, TOKEN_PLACEHOLDER } from './reset-token';
import { useFormError } from '../../lib/ui/use-form-error';
import { Spinner } from '../../lib/ui/spinner';
import { ButtonLink } from '../../lib/ui/button-link';

const ALERT_ID = 'reset-alert';
type Phase = 'checking' | 'form' | 'done' | 'invalid';

/** The server's verdict on a link it will not accept (used, expired, tampered): anything else is not. */
const isDeadLink = (error: unknown) =>
  isApiRequestError(error) && error.status === 400 && error.code === 'reset_invalid';

export default function ResetPasswordPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const params = useParams();
  const uid = params.uid ?? '';
  // Captured once: the URL loses the token right after (see reset-token.ts).
  const [token] = useState(() => (params.token === TOKEN_PLACEHOLDER ? readResetToken(uid) : (params.token ?? null)));
  const [values, setValues] = useState<ResetValues>({ new_password: '', password_confirm: '' });
  const [phase, setPhase] = useState<Phase>(token && uid ? 'checking' : 'invalid');
  const [busy, setBusy] = useState(false);
  const form = useFormError();
  useDocumentTitle(intl.formatMessage({ id: 'auth.reset.title' }));

  useEffect(() => {
    // Tell at once when the link is already used or expired, not after the user typed a password.
    if (!token || !uid) return;
    const controller = new AbortController();
    api
      .post(
        '/auth/password-reset-check/',
        { uid, token },
        { signal: controller.signal, schema: passwordResetCheckResponseSchema },
      )
      .then(
        () => setPhase((p) => (p === 'checking' ? 'form' : p)),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          if (isDeadLink(error)) {
            clearResetToken();
            setPhase('invalid');
          } else {
            // Offline, rate-limited or a server hiccup: the form stays usable, the submit checks again.
            setPhase((p) => (p === 'checking' ? 'form' : p));
          }
        },
      );
    return () => controller.abort();
  }, [uid, token]);

  useEffect(() => {
    if (!token || !uid || params.token === TOKEN_PLACEHOLDER) return;
    stashResetToken(uid, token);
    const hidden = pathname.replace(/\/[^/]+\/?$/, `/${TOKEN_PLACEHOLDER}`);
    navigate(hidden, { replace: true });
  }, [token, uid, params.token, pathname, navigate]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const invalid = validateReset(values, { uid, token: token ?? '' });
    if (invalid) return form.showInvalid(invalid);
    form.clear();
    setBusy(true);
    try {
      await api.post('/auth/password-reset-confirm/', { uid, token, new_password: values.new_password });
      clearResetToken();
      setPhase('done');
    } catch (error) {
      const server = fieldErrors(intl, error);
      if (server.new_password) {
        form.show(server.new_password, [], { new_password: server.new_password });
      } else if (
        isApiRequestError(error) &&
        error.status >= 400 &&
        error.status < 500 &&
        !isRateLimited(error) &&
        error.code !== 'csrf_failed'
      ) {
        clearResetToken();
        setPhase('invalid');
      } else {
        form.show(errorText(intl, error, 'auth.errors.generic'));
      }
    } finally {
      setBusy(false);
    }
  }

  if (phase === 'invalid') {
    return (
      <AuthCard title={intl.formatMessage({ id: 'auth.reset.title' })}>
        <div className="auth-icon auth-icon--error" aria-hidden="true">
          !
        </div>
        <FormAlert id="reset-invalid">{intl.formatMessage({ id: 'auth.errors.resetLinkInvalid' })}</FormAlert>
        <div className="auth-actions">
          <ButtonLink primary to="/forgot-password">
            {intl.formatMessage({ id: 'auth.reset.requestAgain' })}
          </ButtonLink>
        </div>
      </AuthCard>
    );
  }

  if (phase === 'checking') {
    return (
      <AuthCard title={intl.formatMessage({ id: 'auth.reset.title' })}>
        <p className="auth-status" role="status" aria-live="polite">
          <Spinner />
          {intl.formatMessage({ id: 'auth.reset.checking' })}
        </p>
      </AuthCard>
    );
  }

  if (phase === 'done') {
    return (
      <AuthCard title={intl.formatMessage({ id: 'auth.reset.doneTitle' })}>
        <div className="auth-icon auth-icon--success" aria-hidden="true">
          ✓
        </div>
        <p role="status">{intl.formatMessage({ id: 'auth.reset.doneBody' })}</p>
        <div className="auth-actions">
          <ButtonLink primary to="/login">
            {intl.formatMessage({ id: 'auth.reset.login' })}
          </ButtonLink>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={intl.formatMessage({ id: 'auth.reset.title' })}
      subtitle={intl.formatMessage({ id: 'auth.reset.intro' })}
      footer={<LocalizedLink to="/login">{intl.formatMessage({ id: 'auth.common.backToLogin' })}</LocalizedLink>}
    >
      <form ref={form.formRef} className="auth-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <FormAlert id={ALERT_ID}>{form.error?.text}</FormAlert>
        <PasswordField
          id="reset-new-password"
          name="new_password"
          autoComplete="new-password"
          required
          label={intl.formatMessage({ id: 'auth.common.newPassword' })}
          hint={intl.formatMessage({ id: 'auth.common.passwordHint' })}
          value={values.new_password}
          onValueChange={(v) => {
            setValues((s) => ({ ...s, new_password: v }));
            form.touch('new_password');
          }}
          invalid={form.invalid('new_password')}
          fieldError={form.fieldText('new_password')}
        />
        <PasswordField
          id="reset-password-confirm"
          name="password_confirm"
          autoComplete="new-password"
          required
          label={intl.formatMessage({ id: 'auth.common.passwordConfirm' })}
          value={values.password_confirm}
          onValueChange={(v) => {
            setValues((s) => ({ ...s, password_confirm: v }));
            form.touch('password_confirm');
          }}
          invalid={form.invalid('password_confirm')}
          fieldError={form.fieldText('password_confirm')}
        />
        <button type="submit" className="btn btn--primary auth-submit" disabled={busy}>
          {intl.formatMessage({ id: busy ? 'auth.common.pleaseWait' : 'auth.reset.submit' })}
        </button>
      </form>
    </AuthCard>
  );
}
