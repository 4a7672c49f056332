import { useState } from 'react';
import { useIntl } from 'react-intl';
import { TextField, type TextFieldProps } from './text-field';

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

/** A password input with a show/hide toggle (docs/product.md#sign-in-screens login). The toggle never submits the form. */
export function PasswordField(props: PasswordFieldProps) {
  const intl = useIntl();
  const [visible, setVisible] = useState(false);
  const toggleLabel = intl.formatMessage({ id: visible ? 'auth.common.hidePassword' : 'auth.common.showPassword' });
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          className="auth-field__toggle"
          aria-controls={props.id}
          aria-pressed={visible}
          aria-label={toggleLabel}
          title={toggleLabel}
          onClick={() => setVisible((v) => !v)}
        >
          {intl.formatMessage({ id: visible ? 'auth.common.hide' : 'auth.common.show' })}
        </button>
      }
    />
  );
}
