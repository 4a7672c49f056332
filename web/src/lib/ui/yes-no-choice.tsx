import type { ReactNode } from 'react';
import './field.css';

export interface YesNoChoiceProps {
  /** Prefix of the hint and error ids. */
  idPrefix: string;
  /** The radios' `name` (the form-error hook focuses `[name=...]`). */
  name: string;
  legend: ReactNode;
  /** The legend is read by screen readers only (the dialog's text already asks the question). */
  legendHidden?: boolean;
  yesLabel: ReactNode;
  noLabel: ReactNode;
  value: boolean | null;
  onChange: (value: boolean) => void;
  invalid?: boolean;
  /** The message shown under the question (and read with each radio). */
  error?: string | undefined;
  /** Id of a message shown elsewhere that describes the answer (read with each radio). */
  describedBy?: string | undefined;
  hint?: ReactNode;
  disabled?: boolean;
  /** `inline`: two options side by side in a boxed group (forms); `stacked`: one per line (dialogs). */
  layout?: 'inline' | 'stacked';
}

/** Yes/no radios (values yes/no) as a labelled group. */
export function YesNoChoice({
  idPrefix,
  name,
  legend,
  legendHidden = false,
  yesLabel,
  noLabel,
  value,
  onChange,
  invalid = false,
  error,
  describedBy,
  hint,
  disabled,
  layout = 'inline',
}: YesNoChoiceProps) {
  const hintId = hint ? `${idPrefix}-hint` : undefined;
  const errorId = error ? `${idPrefix}-error` : undefined;
  const marked = invalid || Boolean(error);
  // On the radios themselves: the focus lands on a radio, and that is what screen readers describe.
  const described = [hintId, errorId, describedBy].filter(Boolean).join(' ') || undefined;
  const classes = ['auth-choice', `auth-choice--${layout}`, marked ? 'auth-choice--invalid' : ''].filter(Boolean);
  return (
    <fieldset className={classes.join(' ')} data-field={name}>
      <legend className={legendHidden ? 'visually-hidden' : 'auth-field__label'}>{legend}</legend>
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
              name={name}
              value={option}
              checked={value === (option === 'yes')}
              onChange={() => onChange(option === 'yes')}
              disabled={disabled}
              aria-invalid={marked || undefined}
              aria-describedby={described}
            />
            <span>{option === 'yes' ? yesLabel : noLabel}</span>
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
