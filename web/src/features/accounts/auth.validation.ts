import { PASSWORD_MISMATCH, passwordResetFormSchema, registerFormSchema } from '@pharmaradar/shared/auth-form.schema';
import {
  loginSchema,
  passwordResetSchema,
  verifyOtpSchema,
  type AuthMessageKey,
} from '@pharmaradar/shared/auth.schema';
import { reportInvalid, schemaIssues, type Invalid } from '../../lib/ui/form-validation';

// The rules are the shared schemas the server applies (shared/src/auth.schema.ts, auth-form.schema.ts);
// this file only says which message each rule shows and in which order the fields come.

export type PharmacistAnswer = boolean | null;

/** Our translation of each stable issue key, from our own checks or from the server's `fields`. */
export const AUTH_MESSAGE_IDS: Record<AuthMessageKey | typeof PASSWORD_MISMATCH, string> = {
  required: 'auth.errors.fieldRequired',
  invalid_email: 'auth.errors.emailInvalid',
  password_min_length: 'auth.errors.passwordMin',
  password_too_short: 'auth.errors.passwordTooShort',
  password_too_long: 'auth.errors.passwordTooLong',
  terms_required: 'auth.errors.termsRequired',
  pharmacist_required: 'auth.errors.pharmacistRequired',
  otp_format: 'auth.errors.otpFormat',
  email_missing: 'auth.errors.emailMissing',
  too_long: 'auth.errors.tooLong',
  acknowledge_required: 'auth.errors.fieldRequired',
  name_plain_text: 'auth.errors.namePlainText',
  first_name_invalid: 'auth.errors.firstNameInvalid',
  [PASSWORD_MISMATCH]: 'auth.errors.passwordMismatch',
};

export function authMessageId(key: string): string | undefined {
  return Object.hasOwn(AUTH_MESSAGE_IDS, key) ? AUTH_MESSAGE_IDS[key as AuthMessageKey] : undefined;
}

const SUMMARY = {
  required: AUTH_MESSAGE_IDS.required,
  requiredFields: 'auth.errors.requiredFields',
  fixFields: 'auth.errors.fixFields',
};

/** Each field's first issue as a message id, under the form's own field names. */
function messages(issues: Record<string, string>, rename: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, key] of Object.entries(issues))
    out[rename[field] ?? field] = authMessageId(key) ?? SUMMARY.required;
  return out;
}

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

const REGISTER_ORDER: readonly RegisterField[] = [
  'first_name',
  'last_name',
  'email',
  'password',
  'password_confirm',
  'is_pharmacist',
  'accept_terms',
];

/** docs/product.md#validation register rules, all checked together. */
export function validateRegister(v: RegisterValues): Invalid<RegisterField> | null {
  return reportInvalid(REGISTER_ORDER, messages(schemaIssues(registerFormSchema, v)), SUMMARY);
}

export interface LoginValues {
  email: string;
  password: string;
}

export function validateLogin(v: LoginValues): Invalid<keyof LoginValues> | null {
  const issues = schemaIssues(loginSchema, { username: v.email, password: v.password });
  return reportInvalid(['email', 'password'], messages(issues, { username: 'email' }), SUMMARY);
}

/** docs/product.md#validation forgot rules: an empty field asks for an address, a malformed one is called invalid. */
export function validateForgot(email: string): Invalid<'email'> | null {
  const issue = schemaIssues(passwordResetSchema, { email }).email;
  if (!issue) return null;
  const message = issue === 'required' ? 'auth.errors.emailPrompt' : AUTH_MESSAGE_IDS.invalid_email;
  return { message, fields: ['email'], fieldMessages: {} };
}

export interface ResetValues {
  new_password: string;
  password_confirm: string;
}

/** docs/product.md#validation reset rules (length, match), all checked together; the link's uid and token are the page's. */
export function validateReset(v: ResetValues, link: { uid: string; token: string }): Invalid<keyof ResetValues> | null {
  const issues = schemaIssues(passwordResetFormSchema, { ...link, ...v });
  return reportInvalid(['new_password', 'password_confirm'], messages(issues), SUMMARY);
}

export function validateOtp(email: string | null, code: string): Invalid<'code'> | null {
  const issues = schemaIssues(verifyOtpSchema, { email: email ?? undefined, code });
  if (issues.email) return { message: AUTH_MESSAGE_IDS.email_missing, fields: [], fieldMessages: {} };
  if (issues.code) return { message: AUTH_MESSAGE_IDS.otp_format, fields: ['code'], fieldMessages: {} };
  return null;
}
