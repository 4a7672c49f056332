import { useIntl } from 'react-intl';
import { PasswordField } from '../../lib/ui/password-field';
import type { useFormError } from '../../lib/ui/use-form-error';

interface ActivatedPasswordFieldProps {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The form's error state: editing the field clears its mark; the form's alert describes it. */
  form: Pick<ReturnType<typeof useFormError>, 'error' | 'touch' | 'invalid'>;
  alertId: string;
  autoFocus?: boolean;
}

/**
 * The password a mailed code or link activates, asked in a browser other than the one that
 * registered the address (docs/decisions/185): one field for the verify screen and the activation page.
 */
export function ActivatedPasswordField({
  id,
  value,
  onValueChange,
  form,
  alertId,
  autoFocus,
}: ActivatedPasswordFieldProps) {
  const intl = useIntl();
  return (
    <PasswordField
      id={id}
      name="password"
      autoComplete="current-password"
      required
      autoFocus={autoFocus}
      label={intl.formatMessage({ id: 'auth.verify.passwordLabel' })}
      hint={intl.formatMessage({ id: 'auth.common.passwordHint' })}
      value={value}
      onValueChange={(next) => {
        onValueChange(next);
        form.touch('password');
      }}
      invalid={form.invalid('password')}
      describedBy={[form.error && alertId]}
    />
  );
}
