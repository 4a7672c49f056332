import { PASSWORD_MIN_LENGTH } from '@pharmaradar/shared/auth.schema';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { goTo, startCheckout } from '../../features/billing/checkout';
import { api, isApiRequestError } from '../../lib/api/client';
import { LocalizedLink } from '../../lib/router/localized-link';
import { useDocumentTitle } from '../../lib/router/use-document-title';
import { useLocalizedPath } from '../../lib/router/use-localized-path';
import { useSession } from '../../lib/session/use-session';
import { ActivatedPasswordField } from '../../features/accounts/activated-password-field';
import { AuthCard } from '../../features/accounts/auth-card';
import { errorText, isRateLimited, retryAfterSeconds } from '../../features/accounts/auth-errors';
import { validateOtp } from '../../features/accounts/auth.validation';
import { FormAlert } from '../../lib/ui/form-alert';
import { readPendingEmail, writePendingEmail } from '../../features/accounts/pending-email';
import { ResendButton } from '../../features/accounts/resend-button';
import { TextField } from '../../lib/ui/text-field';
import { useCountdown } from '../../features/accounts/use-countdown';
import { useFormError } from '../../lib/ui/use-form-error';
import { ButtonLink } from '../../lib/ui/button-link';

/** Seconds before a new code may be asked (the server enforces its own limit and may ask for more). */
export const RESEND_COOLDOWN_S = 60;
const ALERT_ID = 'verify-alert';

interface VerifyState {
  email?: unknown;
  notice?: unknown;
}

export default function VerifyOtpPage() {
  const intl = useIntl();
  const session = useSession();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const location = useLocation();
  const [params] = useSearchParams();
  const state = (location.state ?? {}) as VerifyState;
  const [email] = useState<string | null>(() => (typeof state.email === 'string' && state.email) || readPendingEmail());
  const fromLogin = state.notice === 'notVerified';
  const [code, setCode] = useState('');
  // Asked for when the server answers password_required: the code was not used in the browser that
  // registered, so it activates the password typed here (never one somebody else chose).
  const [askPassword, setAskPassword] = useState(false);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const [info, setInfo] = useState<string | null>(
    fromLogin ? intl.formatMessage({ id: 'auth.login.emailNotVerified' }) : null,
  );
  // A code was just mailed by the registration; coming from the login page the user may need one now.
  const countdown = useCountdown(fromLogin ? 0 : RESEND_COOLDOWN_S);
  const form = useFormError();
  useDocumentTitle(intl.formatMessage({ id: 'auth.verify.pageTitle' }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const invalid = validateOtp(email, code);
    if (invalid) return form.show(intl.formatMessage({ id: invalid.message }), invalid.fields);
    if (askPassword && [...password].length < PASSWORD_MIN_LENGTH) {
      return form.show(intl.formatMessage({ id: 'auth.errors.passwordRequired' }), ['password']);
    }
    form.clear();
    setInfo(null);
    setBusy(true);
    try {
      await api.post('/auth/verify-otp/', askPassword ? { email, code, password } : { email, code });
      writePendingEmail(null);
      const user = await session.reload();
      if (user.isAuthenticated && params.get('plan') === 'pro') return await checkoutOrAccount();
      navigate(localize(user.isAuthenticated ? '/' : '/login'), { replace: true });
    } catch (error) {
      setBusy(false);
      if (isApiRequestError(error) && error.code === 'password_required') {
        setAskPassword(true);
        setInfo(intl.formatMessage({ id: 'auth.verify.passwordNeeded' }));
        return form.show(intl.formatMessage({ id: 'auth.errors.passwordRequired' }), ['password']);
      }
      if (isApiRequestError(error) && error.code === 'password_common') {
        return form.show(errorText(intl, error, 'auth.errors.generic'), ['password']);
      }
      const invalidCode =
        isApiRequestError(error) && error.status >= 400 && error.status < 500 && !isRateLimited(error);
      form.show(
        invalidCode
          ? intl.formatMessage({ id: 'auth.errors.otpInvalid' })
          : errorText(intl, error, 'auth.errors.generic'),
        ['code'],
      );
    }
  }

  /** Registered from a Pro call to action: straight to the checkout, else the account's upgrade block. */
  async function checkoutOrAccount() {
    try {
      goTo(await startCheckout());
    } catch {
      navigate(localize('/compte?highlight=pro'), { replace: true });
    }
  }

  async function onResend() {
    if (!email) return form.show(intl.formatMessage({ id: 'auth.errors.emailMissing' }));
    setResending(true);
    setInfo(null);
    try {
      await api.post('/auth/resend-otp/', { email });
      form.clear();
      setInfo(intl.formatMessage({ id: 'auth.verify.resent' }));
      countdown.start(RESEND_COOLDOWN_S);
    } catch (error) {
      if (isRateLimited(error)) countdown.start(retryAfterSeconds(error) ?? RESEND_COOLDOWN_S);
      form.show(errorText(intl, error, 'auth.errors.otpSendError'));
    } finally {
      setResending(false);
    }
  }

  return (
    <AuthCard
      title={intl.formatMessage({ id: 'auth.verify.title' })}
      footer={<LocalizedLink to="/login">{intl.formatMessage({ id: 'auth.common.backToLogin' })}</LocalizedLink>}
    >
      {email ? (
        <p className="auth-card__subtitle">
          {intl.formatMessage({ id: 'auth.verify.intro' }, { email: <strong key="email">{email}</strong> })}
        </p>
      ) : (
        <div className="auth-actions">
          <FormAlert id="verify-missing-email">{intl.formatMessage({ id: 'auth.errors.emailMissing' })}</FormAlert>
          <ButtonLink to="/register">{intl.formatMessage({ id: 'auth.verify.restart' })}</ButtonLink>
        </div>
      )}
      {email ? (
        <form ref={form.formRef} className="auth-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
          {info ? (
            <FormAlert id="verify-info" tone="info">
              {info}
            </FormAlert>
          ) : null}
          <TextField
            id="verify-code"
            name="code"
            className="auth-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            required
            autoFocus
            label={intl.formatMessage({ id: 'auth.verify.codeLabel' })}
            value={code}
            // Pasted codes often carry spaces or dashes ("123 456"): keep the digits only.
            onValueChange={(value) => {
              setCode(value.replace(/\D/g, '').slice(0, 6));
              form.touch('code');
            }}
            invalid={form.invalid('code')}
            describedBy={[form.error && ALERT_ID]}
          />
          {askPassword ? (
            <ActivatedPasswordField
              id="verify-password"
              value={password}
              onValueChange={setPassword}
              form={form}
              alertId={ALERT_ID}
            />
          ) : null}
          <FormAlert id={ALERT_ID}>{form.error?.text}</FormAlert>
          <button type="submit" className="btn btn--primary auth-submit" disabled={busy}>
            {intl.formatMessage({ id: busy ? 'auth.common.pleaseWait' : 'auth.verify.submit' })}
          </button>
          <ResendButton
            remaining={countdown.remaining}
            busy={resending}
            onResend={() => void onResend()}
            labelId="auth.verify.resend"
            countdownId="auth.verify.resendIn"
          />
          <p className="auth-field__hint">{intl.formatMessage({ id: 'auth.verify.spamHint' })}</p>
        </form>
      ) : null}
    </AuthCard>
  );
}
