import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { registerResponseSchema } from '@pharmaradar/shared/auth.schema';
import { api } from '../../lib/api/client';
import { LocalizedLink } from '../../lib/router/localized-link';
import { useDocumentTitle } from '../../lib/router/use-document-title';
import { useLocalizedPath } from '../../lib/router/use-localized-path';
import { useSession } from '../../lib/session/use-session';
import { AuthCard } from './auth-card';
import { errorText, fieldErrors } from './auth-errors';
import { validateRegister, type RegisterField, type RegisterValues } from './auth.validation';
import { FormAlert } from '../../lib/ui/form-alert';
import { PasswordField } from '../../lib/ui/password-field';
import { writePendingEmail } from './pending-email';
import { PharmacistChoice } from './pharmacist-choice';
import { EmailField } from '../../lib/ui/email-field';
import { TextField } from '../../lib/ui/text-field';
import { useFormError } from '../../lib/ui/use-form-error';

const ALERT_ID = 'register-alert';

const EMPTY: RegisterValues = {
  first_name: '',
  last_name: '',
  email: '',
  password: '',
  password_confirm: '',
  is_pharmacist: null,
  accept_terms: false,
};

export default function RegisterPage() {
  const intl = useIntl();
  const session = useSession();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  // /register?plan=pro (plans page, Pro wall): the checkout follows the verification.
  const [params] = useSearchParams();
  const plan = params.get('plan') === 'pro' ? '?plan=pro' : '';
  const [values, setValues] = useState<RegisterValues>(EMPTY);
  const [busy, setBusy] = useState(false);
  const form = useFormError();
  useDocumentTitle(intl.formatMessage({ id: 'auth.register.title' }));

  const set =
    <K extends RegisterField>(field: K) =>
    (value: RegisterValues[K]) => {
      setValues((v) => ({ ...v, [field]: value }));
      form.touch(field);
    };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const invalid = validateRegister(values);
    if (invalid) return form.showInvalid(invalid);
    form.clear();
    setBusy(true);
    try {
      const answer = await api.post(
        '/auth/register/',
        {
          email: values.email.trim(),
          password: values.password,
          first_name: values.first_name.trim(),
          last_name: values.last_name.trim(),
          is_pharmacist: values.is_pharmacist,
          accept_terms: values.accept_terms,
        },
        { schema: registerResponseSchema },
      );
      // Registering does not log in (docs/product.md#states): the code sent by e-mail does.
      const email = answer.email || values.email.trim();
      writePendingEmail(email);
      navigate(localize(`/verify-otp${plan}`), { state: { email } });
    } catch (error) {
      setBusy(false);
      const serverFields = fieldErrors(intl, error);
      form.show(errorText(intl, error, 'auth.errors.registrationError'), [], serverFields);
    }
  }

  if (session.booted && session.isAuthenticated) return <Navigate to={localize('/compte')} replace />;

  const marked = (field: RegisterField) => form.invalid(field);
  const termsError = form.fieldText('accept_terms');
  return (
    <AuthCard
      title={intl.formatMessage({ id: 'auth.register.title' })}
      subtitle={intl.formatMessage({ id: 'auth.register.subtitle' })}
      footer={
        <>
          {intl.formatMessage({ id: 'auth.register.haveAccount' })}{' '}
          <LocalizedLink to="/login">{intl.formatMessage({ id: 'auth.register.login' })}</LocalizedLink>
        </>
      }
    >
      <form ref={form.formRef} className="auth-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <FormAlert id={ALERT_ID}>{form.error?.text}</FormAlert>
        <div className="auth-form__row">
          <TextField
            id="register-first-name"
            name="first_name"
            autoComplete="given-name"
            required
            maxLength={150}
            label={intl.formatMessage({ id: 'auth.common.firstName' })}
            value={values.first_name}
            onValueChange={set('first_name')}
            invalid={marked('first_name')}
            fieldError={form.fieldText('first_name')}
          />
          <TextField
            id="register-last-name"
            name="last_name"
            autoComplete="family-name"
            required
            maxLength={150}
            label={intl.formatMessage({ id: 'auth.common.lastName' })}
            value={values.last_name}
            onValueChange={set('last_name')}
            invalid={marked('last_name')}
            fieldError={form.fieldText('last_name')}
          />
        </div>
        <EmailField
          id="register-email"
          name="email"
          maxLength={254}
          label={intl.formatMessage({ id: 'auth.common.email' })}
          value={values.email}
          onValueChange={set('email')}
          invalid={marked('email')}
          fieldError={form.fieldText('email')}
        />
        <PasswordField
          id="register-password"
          name="password"
          autoComplete="new-password"
          required
          label={intl.formatMessage({ id: 'auth.common.password' })}
          hint={intl.formatMessage({ id: 'auth.common.passwordHint' })}
          value={values.password}
          onValueChange={set('password')}
          invalid={marked('password')}
          fieldError={form.fieldText('password')}
        />
        <PasswordField
          id="register-password-confirm"
          name="password_confirm"
          autoComplete="new-password"
          required
          label={intl.formatMessage({ id: 'auth.common.passwordConfirm' })}
          value={values.password_confirm}
          onValueChange={set('password_confirm')}
          invalid={marked('password_confirm')}
          fieldError={form.fieldText('password_confirm')}
        />
        <PharmacistChoice
          idPrefix="register-pharmacist"
          value={values.is_pharmacist}
          onChange={set('is_pharmacist')}
          invalid={marked('is_pharmacist')}
          error={form.fieldText('is_pharmacist')}
        />
        <label className={`auth-check${marked('accept_terms') ? ' auth-check--invalid' : ''}`}>
          <input
            type="checkbox"
            name="accept_terms"
            checked={values.accept_terms}
            onChange={(event) => set('accept_terms')(event.target.checked)}
            aria-invalid={marked('accept_terms') || undefined}
            aria-describedby={termsError ? 'register-terms-error' : undefined}
          />
          <span>
            <FormattedMessage
              id="auth.register.terms"
              values={{
                link: (chunks) => (
                  <LocalizedLink to="/legal" target="_blank" rel="noopener">
                    {chunks}
                  </LocalizedLink>
                ),
              }}
            />
          </span>
        </label>
        {termsError ? (
          <p className="auth-field__error" id="register-terms-error">
            {termsError}
          </p>
        ) : null}
        <button type="submit" className="btn btn--primary auth-submit" disabled={busy}>
          {intl.formatMessage({ id: busy ? 'auth.common.pleaseWait' : 'auth.register.submit' })}
        </button>
      </form>
    </AuthCard>
  );
}
