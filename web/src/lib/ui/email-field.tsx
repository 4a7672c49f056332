import type { InputHTMLAttributes } from 'react';
import { TextField, type TextFieldProps } from './text-field';

/**
 * What every e-mail box asks of the browser, in one place: its own address check, the keyboard with
 * "@" on phones, and no spelling marks under an address. Spread on the inputs that are not a TextField.
 */
export const EMAIL_INPUT = {
  type: 'email',
  inputMode: 'email',
  spellCheck: false,
} as const satisfies InputHTMLAttributes<HTMLInputElement>;

/** The forms' e-mail field: required, filled from the browser's saved address unless `autoComplete` says otherwise. */
export function EmailField(props: TextFieldProps) {
  return <TextField {...EMAIL_INPUT} autoComplete="email" required {...props} />;
}
