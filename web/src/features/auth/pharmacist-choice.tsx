import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { PharmacistAnswer } from './auth.validation';

interface PharmacistChoiceProps {
  idPrefix: string;
  value: PharmacistAnswer;
  onChange: (value: boolean) => void;
  invalid?: boolean;
  /** The message shown under the question (and read with each radio). */
  error?: string | undefined;
  /** Id of a message shown elsewhere that describes the answer (read with each radio). */
  describedBy?: string | undefined;
  hint?: ReactNode;
  disabled?: boolean;
}

/** Yes/no radios named `is_pharmacist` (values yes/no), as a labelled group. */
export function PharmacistChoice({
  idPrefix,
  value,
  onChange,
  invalid = false,
  error,
  describedBy,
  hint,
  disabled,
}: PharmacistChoiceProps) {
  const intl = useIntl();
  const hintId = hint ? `${idPrefix}-hint` : undefined;
  const errorId = error ? `${idPrefix}-error` : undefined;
  const marked = invalid || Boolean(error);
  // On the radios themselves: the focus lands on a radio, and that is what screen readers describe.
  const described = [hintId, errorId, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={`auth-choice${marked ? ' auth-choice--invalid' : ''}`} data-field="is_pharmacist">
      <legend className="auth-field__label">{intl.formatMessage({ id: 'auth.pharmacist.legend' })}</legend>
      {hint ? (
        <p className="auth-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <div className="auth-choice__options">
        {(['yes', 'no'] as const).map((option) => (
          <label key={option} className="auth-choice__option">
            <input
              type="radio"
              name="is_pharmacist"
              value={option}
              checked={value === (option === 'yes')}
              onChange={() => onChange(option === 'yes')}
              disabled={disabled}
              aria-invalid={marked || undefined}
              aria-describedby={described}
            />
            <span>{intl.formatMessage({ id: `auth.pharmacist.${option}` })}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="auth-field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
