import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { PharmacistAnswer } from './auth.validation';

interface PharmacistChoiceProps {
  idPrefix: string;
  value: PharmacistAnswer;
  onChange: (value: boolean) => void;
  invalid?: boolean;
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
  describedBy,
  hint,
  disabled,
}: PharmacistChoiceProps) {
  const intl = useIntl();
  const hintId = hint ? `${idPrefix}-hint` : undefined;
  const described = [describedBy, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset
      className={`auth-choice${invalid ? ' auth-choice--invalid' : ''}`}
      aria-describedby={described}
      aria-invalid={invalid || undefined}
      data-field="is_pharmacist"
    >
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
            />
            <span>{intl.formatMessage({ id: `auth.pharmacist.${option}` })}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
