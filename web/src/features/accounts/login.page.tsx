import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { BRAND_NAME } from '@pharmaradar/shared/brand';
import { api, isApiRequestError } from '../../lib/api/client';
import { LocalizedLink } from '../../lib/router/localized-link';
import { useDocumentTitle } from '../../lib/router/use-document-title';
import { useLocalizedPath } from '../../lib/router/use-localized-path';
import { useSession } from '../../lib/session/use-session';
import { verifyGoogleCredential } from '../../lib/session/google-identity';
import { AuthCard } from './auth-card';
import { errorText } from './auth-errors';
import { validateLogin, type PharmacistAnswer } from './auth.validation';
import { FormAlert } from '../../lib/ui/form-alert';
import { GoogleButton } from './google-button';
import { PasswordField } from '../../lib/ui/password-field';
import { writePendingEmail } from './pending-email';
import { PharmacistChoice } from './pharmacist-choice';
import { safeRedirectPath } from './safe-redirect';
import { EmailField } from '../../lib/ui/email-field';
import { useFormError } from '../../lib/ui/use-form-error';

const ALERT_ID = 'login-alert';
const GOOGLE_ALERT_ID = 'login-google-alert';

export default function LoginPage() {
  const intl = useIntl();
  const session = useSession();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const [params] = useSearchParams();
  const destination = safeRedirectPath(params.get('from'), localize('/'));

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pharmacist, setPharmacist] = useState<PharmacistAnswer>(null);
  const [busy, setBusy] = useState(false);
  const [googleStatus, setGoogleStatus] = useState<string | null>(null);
  // A Google credential received before the pharmacist question was answered (docs/product.md#validation).
  const [pendingCredential, setPendingCredential] = useState<string | null>(null);
  const form = useFormError();
  const { show, clear, touch } = form;
  // The Google block has its own messages: its question and errors are not the password form's.
  const google = useFormError<HTMLDivElement>();
  const { show: showGoogle, clear: clearGoogle } = google;
  useDocumentTitle(intl.formatMessage({ id: 'auth.login.title' }));

  const finishSignIn = useCallback(
    async (fail: (text: string) => void) => {
      // The server opened a new session: a new CSRF token and the user come with the reload.
      const user = await session.reload();
      if (!user.isAuthenticated) fail(intl.formatMessage({ id: 'auth.errors.generic' }));
    },
    [session, intl],
  );

  const googleSignIn = useCallback(
    async (idToken: string, answer: boolean) => {
      setBusy(true);
      setGoogleStatus(intl.formatMessage({ id: 'auth.login.googleSigningIn' }));
      try {
        await verifyGoogleCredential(idToken, answer);
        setGoogleStatus(null);
        await finishSignIn((text) => showGoogle(text));
      } catch (error) {
        setGoogleStatus(null);
        showGoogle(errorText(intl, error, 'auth.errors.googleFailed'));
      } finally {
        setBusy(false);
      }
    },
    [finishSignIn, intl, showGoogle],
  );

  const onGoogleCredential = useCallback(
    (idToken: string) => {
      if (pharmacist === null) {
        setPendingCredential(idToken);
        setGoogleStatus(intl.formatMessage({ id: 'auth.login.googlePending' }));
        showGoogle(intl.formatMessage({ id: 'auth.errors.pharmacistRequired' }), ['is_pharmacist']);
        return;
      }
      void googleSignIn(idToken, pharmacist);
    },
    [pharmacist, googleSignIn, intl, showGoogle],
  );

  useEffect(() => {
    // The answer arrived after Google's credential: continue the Google sign-in with it.
    if (pendingCredential && pharmacist !== null) {
      setPendingCredential(null);
      clearGoogle();
      void googleSignIn(pendingCredential, pharmacist);
    }
  }, [pendingCredential, pharmacist, googleSignIn, clearGoogle]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const invalid = validateLogin({ email, password });
    if (invalid) return form.showInvalid(invalid);
    clear();
    setBusy(true);
    try {
      // No pharmacist question here: an account without an answer gets the pharmacist gate (docs/product.md#sign-in-screens).
      await api.post<unknown>('/auth/login/', { username: email.trim(), password });
      await finishSignIn((text) => show(text));
    } catch (error) {
      if (isApiRequestError(error) && error.code === 'email_not_verified') {
        const address = email.trim();
        writePendingEmail(address);
        navigate(localize('/verify-otp'), { state: { email: address, notice: 'notVerified' } });
        return;
      }
      const known = isApiRequestError(error) && [400, 401, 403].includes(error.status) && error.code !== 'csrf_failed';
      show(
        known
          ? intl.formatMessage({ id: 'auth.errors.invalidCredentials' })
          : errorText(intl, error, 'auth.errors.generic'),
        known ? ['password'] : [],
      );
      setPassword('');
    } finally {
      setBusy(false);
    }
  }

  if (session.booted && session.isAuthenticated) return <Navigate to={destination} replace />;

  return (
    <AuthCard
      title={intl.formatMessage({ id: 'auth.login.title' })}
      subtitle={intl.formatMessage({ id: 'auth.login.subtitle' }, { brand: BRAND_NAME })}
      footer={
        <>
          {intl.formatMessage({ id: 'auth.login.noAccount' })}{' '}
          <LocalizedLink to="/register">{intl.formatMessage({ id: 'auth.login.register' })}</LocalizedLink>
        </>
      }
    >
      <form ref={form.formRef} className="auth-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <FormAlert id={ALERT_ID}>{form.error?.text}</FormAlert>
        <EmailField
          id="login-email"
          name="email"
          autoComplete="username"
          label={intl.formatMessage({ id: 'auth.common.email' })}
          value={email}
          onValueChange={(v) => {
            setEmail(v);
            touch('email');
          }}
          invalid={form.invalid('email')}
          describedBy={[form.invalid('email') && !form.fieldText('email') && ALERT_ID]}
          fieldError={form.fieldText('email')}
        />
        <PasswordField
          id="login-password"
          name="password"
          autoComplete="current-password"
          required
          label={intl.formatMessage({ id: 'auth.common.password' })}
          value={password}
          onValueChange={(v) => {
            setPassword(v);
            touch('password');
          }}
          invalid={form.invalid('password')}
          describedBy={[form.invalid('password') && !form.fieldText('password') && ALERT_ID]}
          fieldError={form.fieldText('password')}
        />
        <div className="auth-links spread-row">
          <LocalizedLink to="/forgot-password">{intl.formatMessage({ id: 'auth.login.forgot' })}</LocalizedLink>
        </div>
        <button type="submit" className="btn btn--primary auth-submit" disabled={busy}>
          {intl.formatMessage({ id: busy ? 'auth.common.pleaseWait' : 'auth.login.submit' })}
        </button>
      </form>
      <GoogleButton
        onCredential={onGoogleCredential}
        status={googleStatus}
        caption={intl.formatMessage({ id: 'auth.login.googleCaption' })}
        blockRef={google.formRef}
      >
        <PharmacistChoice
          idPrefix="login-pharmacist"
          value={pharmacist}
          onChange={(v) => {
            setPharmacist(v);
            google.touch('is_pharmacist');
          }}
          invalid={google.invalid('is_pharmacist')}
          describedBy={google.error ? GOOGLE_ALERT_ID : undefined}
          hint={intl.formatMessage({ id: 'auth.pharmacist.loginHint' })}
        />
        <FormAlert id={GOOGLE_ALERT_ID}>{google.error?.text}</FormAlert>
      </GoogleButton>
    </AuthCard>
  );
}
