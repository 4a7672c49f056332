import type { InputHTMLAttributes, ReactNode } from 'react';
import './field.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> {
  id: string;
  name: string;
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  invalid?: boolean;
  /** Ids of the messages describing the field (the form alert, a hint, a server message). */
  describedBy?: (string | false | null | undefined)[];
  hint?: ReactNode;
  /** A message from the server about this field only. */
  fieldError?: string | undefined;
  /** Content placed inside the input box on the right (the show/hide password toggle). */
  trailing?: ReactNode;
}

export function TextField({
  id,
  label,
  value,
  onValueChange,
  invalid = false,
  describedBy = [],
  hint,
  fieldError,
  trailing,
  className,
  ...input
}: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : null;
  const errorId = fieldError ? `${id}-error` : null;
  const described = [...describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`auth-field${invalid || fieldError ? ' auth-field--invalid' : ''}`}>
      <label className="auth-field__label" htmlFor={id}>
        {label}
      </label>
      <div className={`auth-field__control${trailing ? ' auth-field__control--trailing' : ''}`}>
        <input
          {...input}
          id={id}
          className={`auth-field__input${className ? ` ${className}` : ''}`}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={invalid || Boolean(fieldError) ? true : undefined}
          aria-describedby={described}
        />
        {trailing}
      </div>
      {hint ? (
        <p className="auth-field__hint" id={hintId ?? undefined}>
          {hint}
        </p>
      ) : null}
      {fieldError ? (
        <p className="auth-field__error" id={errorId ?? undefined}>
          {fieldError}
        </p>
      ) : null}
    </div>
  );
}
