import { emailSchema, otpCodeSchema, passwordLength, PASSWORD_MIN_LENGTH } from '@pharmaradar/shared/auth.schema';

/** A failed check: the message id to show and the fields to mark invalid (the first one gets focus). */
export interface Invalid<F extends string = string> {
  message: string;
  fields: F[];
}

export type PharmacistAnswer = boolean | null;

const blank = (value: string) => value.trim() === '';
const isEmail = (value: string) => emailSchema.safeParse(value).success;
const longEnough = (password: string) => passwordLength(password) >= PASSWORD_MIN_LENGTH;

export interface RegisterValues {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  password_confirm: string;
  is_pharmacist: PharmacistAnswer;
  accept_terms: boolean;
}
export type RegisterField = keyof RegisterValues;

/** SPEC §5 register rules, in the order the specification lists them. */
export function validateRegister(v: RegisterValues): Invalid<RegisterField> | null {
  const required = (['first_name', 'last_name', 'email', 'password', 'password_confirm'] as const).filter((f) =>
    f === 'password' || f === 'password_confirm' ? v[f] === '' : blank(v[f]),
  );
  if (required.length > 0) return { message: 'auth.errors.requiredFields', fields: [...required] };
  if (!isEmail(v.email)) return { message: 'auth.errors.emailInvalid', fields: ['email'] };
  if (v.password !== v.password_confirm)
    return { message: 'auth.errors.passwordMismatch', fields: ['password_confirm'] };
  if (!longEnough(v.password)) return { message: 'auth.errors.passwordMin', fields: ['password'] };
  if (!v.accept_terms) return { message: 'auth.errors.termsRequired', fields: ['accept_terms'] };
  if (v.is_pharmacist === null) return { message: 'auth.errors.pharmacistRequired', fields: ['is_pharmacist'] };
  return null;
}

export interface LoginValues {
  email: string;
  password: string;
}

export function validateLogin(v: LoginValues): Invalid<keyof LoginValues> | null {
  const required = (['email', 'password'] as const).filter((f) => (f === 'password' ? v[f] === '' : blank(v[f])));
  if (required.length > 0) return { message: 'auth.errors.requiredFields', fields: [...required] };
  return null;
}

/** SPEC §5 forgot rules: an empty field asks for an address, a malformed one is called invalid. */
export function validateForgot(email: string): Invalid<'email'> | null {
  if (blank(email)) return { message: 'auth.errors.emailPrompt', fields: ['email'] };
  if (!isEmail(email)) return { message: 'auth.errors.emailInvalid', fields: ['email'] };
  return null;
}

export interface ResetValues {
  new_password: string;
  password_confirm: string;
}

export function validateReset(v: ResetValues): Invalid<keyof ResetValues> | null {
  const required = (['new_password', 'password_confirm'] as const).filter((f) => v[f] === '');
  if (required.length > 0) return { message: 'auth.errors.requiredFields', fields: [...required] };
  if (!longEnough(v.new_password)) return { message: 'auth.errors.passwordTooShort', fields: ['new_password'] };
  if (v.new_password !== v.password_confirm)
    return { message: 'auth.errors.passwordMismatch', fields: ['password_confirm'] };
  return null;
}

export function validateOtp(email: string | null, code: string): Invalid<'code'> | null {
  if (!email) return { message: 'auth.errors.emailMissing', fields: [] };
  if (!otpCodeSchema.safeParse(code).success) return { message: 'auth.errors.otpFormat', fields: ['code'] };
  return null;
}
