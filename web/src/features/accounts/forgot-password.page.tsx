import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { api } from '../../lib/api/client';
import { LocalizedLink } from '../../lib/router/localized-link';
import { useDocumentTitle } from '../../lib/router/use-document-title';
import { AuthCard } from './auth-card';
import { errorText, fieldErrors, isRateLimited, retryAfterSeconds } from './auth-errors';
import { validateForgot } from './auth.validation';
import { FormAlert } from '../../lib/ui/form-alert';
import { ResendButton } from './resend-button';
import { EmailField } from '../../lib/ui/email-field';
import { useCountdown } from './use-countdown';
import { useFormError } from '../../lib/ui/use-form-error';
import { mailboxLink } from './webmail';

export const RESET_RESEND_COOLDOWN_S = 60;
const ALERT_ID = 'forgot-alert';

export default function ForgotPasswordPage() {
  const intl = useIntl();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const countdown = useCountdown();
  const form = useFormError();
  useDocumentTitle(intl.formatMessage({ id: 'auth.forgot.title' }));

  async function request(address: string): Promise<boolean> {
    setBusy(true);
    try {
      await api.post('/auth/password-reset/', { email: address });
      form.clear();
      countdown.start(RESET_RESEND_COOLDOWN_S);
      return true;
    } catch (error) {
      if (isRateLimited(error)) countdown.start(retryAfterSeconds(error) ?? RESET_RESEND_COOLDOWN_S);
      const server = fieldErrors(intl, error);
      if (server.email) form.show(intl.formatMessage({ id: 'auth.errors.emailInvalid' }), ['email']);
      else form.show(errorText(intl, error, 'auth.errors.resetRequestError'));
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const invalid = validateForgot(email);
    if (invalid) return form.show(intl.formatMessage({ id: invalid.message }), invalid.fields);
    const address = email.trim();
    // The answer is the same whether an account exists or not (no enumeration, docs/architecture.md#accounts-and-security).
    if (await request(address)) setSentTo(address);
  }

  async function onResend() {
    if (!sentTo) return;
    setNotice(null);
    if (await request(sentTo)) setNotice(intl.formatMessage({ id: 'auth.forgot.resent' }));
  }

  if (sentTo) {
    const mailbox = mailboxLink(sentTo);
    return (
      <AuthCard
        title={intl.formatMessage({ id: 'auth.forgot.sentTitle' })}
        footer={<LocalizedLink to="/login">{intl.formatMessage({ id: 'auth.common.backToLogin' })}</LocalizedLink>}
      >
        <div className="auth-icon auth-icon--mail" aria-hidden="true">
          @
        </div>
        <p data-testid="forgot-sent">
          {intl.formatMessage({ id: 'auth.forgot.sentBody' }, { email: <strong key="email">{sentTo}</strong> })}
        </p>
        <p className="auth-field__hint">{intl.formatMessage({ id: 'auth.verify.spamHint' })}</p>
        <div className="auth-actions">
          <a
            className="btn btn--primary"
            href={mailbox.href}
            {...(mailbox.provider ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {mailbox.provider
              ? intl.formatMessage({ id: 'auth.forgot.openWebmail' }, { provider: mailbox.provider })
              : intl.formatMessage({ id: 'auth.forgot.openMailbox' })}
          </a>
          {notice ? (
            <FormAlert id="forgot-notice" tone="success">
              {notice}
            </FormAlert>
          ) : null}
          <FormAlert id={ALERT_ID}>{form.error?.text}</FormAlert>
          <ResendButton
            remaining={countdown.remaining}
            busy={busy}
            onResend={() => void onResend()}
            labelId="auth.forgot.resend"
            countdownId="auth.forgot.resendIn"
          />
          <button
            type="button"
            className="auth-link-button"
            onClick={() => {
              setSentTo(null);
              setNotice(null);
              form.clear();
            }}
          >
            {intl.formatMessage({ id: 'auth.forgot.otherEmail' })}
          </button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={intl.formatMessage({ id: 'auth.forgot.title' })}
      subtitle={intl.formatMessage({ id: 'auth.forgot.intro' })}
      footer={<LocalizedLink to="/login">{intl.formatMessage({ id: 'auth.common.backToLogin' })}</LocalizedLink>}
    >
      <form ref={form.formRef} className="auth-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <EmailField
          id="forgot-email"
          name="email"
          maxLength={254}
          label={intl.formatMessage({ id: 'auth.common.email' })}
          value={email}
          onValueChange={(v) => {
            setEmail(v);
            form.touch('email');
          }}
          invalid={form.invalid('email')}
          describedBy={[form.error && ALERT_ID]}
        />
        <FormAlert id={ALERT_ID}>{form.error?.text}</FormAlert>
        <button type="submit" className="btn btn--primary auth-submit" disabled={busy}>
          {intl.formatMessage({ id: busy ? 'auth.common.pleaseWait' : 'auth.forgot.submit' })}
        </button>
      </form>
    </AuthCard>
  );
}
