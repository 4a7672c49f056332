import { emailSchema, otpCodeSchema, passwordLength, PASSWORD_MIN_LENGTH } from '@pharmaradar/shared/auth.schema';

/**
 * A failed check: the summary message id (shown at the top of the form), the invalid fields in screen
 * order (the first one gets focus) and, for each, the message id shown under it.
 */
export interface Invalid<F extends string = string> {
  message: string;
  fields: F[];
  fieldMessages: Partial<Record<F, string>>;
}

export type PharmacistAnswer = boolean | null;

const REQUIRED = 'auth.errors.fieldRequired';
const blank = (value: string) => value.trim() === '';
const isEmail = (value: string) => emailSchema.safeParse(value).success;
const longEnough = (password: string) => passwordLength(password) >= PASSWORD_MIN_LENGTH;

/**
 * Every problem at once (a form that reveals one error per submit wastes the user's time). The summary
 * is the SPEC §5 "fill in all required fields" when something is missing, the field's own message when
 * only one field is wrong, else a "correct the marked fields" line.
 */
function report<F extends string>(order: readonly F[], issues: Partial<Record<F, string>>): Invalid<F> | null {
  const fields = order.filter((f) => issues[f] !== undefined);
  const [first] = fields;
  if (first === undefined) return null;
  const message = fields.some((f) => issues[f] === REQUIRED)
    ? 'auth.errors.requiredFields'
    : fields.length === 1
      ? (issues[first] as string)
      : 'auth.errors.fixFields';
  return { message, fields, fieldMessages: issues };
}

/** Rules shared by the register and reset forms: required, minimum length, confirmation match. */
function newPasswordIssues(password: string, confirm: string, tooShort: string) {
  return {
    password: password === '' ? REQUIRED : longEnough(password) ? undefined : tooShort,
    confirm:
      confirm === '' ? REQUIRED : password !== '' && password !== confirm ? 'auth.errors.passwordMismatch' : undefined,
  };
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

/** SPEC §5 register rules, all checked together. */
export function validateRegister(v: RegisterValues): Invalid<RegisterField> | null {
  const pw = newPasswordIssues(v.password, v.password_confirm, 'auth.errors.passwordMin');
  return report(REGISTER_ORDER, {
    first_name: blank(v.first_name) ? REQUIRED : undefined,
    last_name: blank(v.last_name) ? REQUIRED : undefined,
    email: blank(v.email) ? REQUIRED : isEmail(v.email) ? undefined : 'auth.errors.emailInvalid',
    password: pw.password,
    password_confirm: pw.confirm,
    is_pharmacist: v.is_pharmacist === null ? 'auth.errors.pharmacistRequired' : undefined,
    accept_terms: v.accept_terms ? undefined : 'auth.errors.termsRequired',
  });
}

export interface LoginValues {
  email: string;
  password: string;
}

export function validateLogin(v: LoginValues): Invalid<keyof LoginValues> | null {
  return report(['email', 'password'], {
    email: blank(v.email) ? REQUIRED : undefined,
    password: v.password === '' ? REQUIRED : undefined,
  });
}

/** SPEC §5 forgot rules: an empty field asks for an address, a malformed one is called invalid. */
export function validateForgot(email: string): Invalid<'email'> | null {
  if (blank(email)) return { message: 'auth.errors.emailPrompt', fields: ['email'], fieldMessages: {} };
  if (!isEmail(email)) return { message: 'auth.errors.emailInvalid', fields: ['email'], fieldMessages: {} };
  return null;
}

export interface ResetValues {
  new_password: string;
  password_confirm: string;
}

/** SPEC §5 reset rules (length, match), all checked together. */
export function validateReset(v: ResetValues): Invalid<keyof ResetValues> | null {
  const pw = newPasswordIssues(v.new_password, v.password_confirm, 'auth.errors.passwordTooShort');
  return report(['new_password', 'password_confirm'], { new_password: pw.password, password_confirm: pw.confirm });
}

export function validateOtp(email: string | null, code: string): Invalid<'code'> | null {
  if (!email) return { message: 'auth.errors.emailMissing', fields: [], fieldMessages: {} };
  if (!otpCodeSchema.safeParse(code).success)
    return { message: 'auth.errors.otpFormat', fields: ['code'], fieldMessages: {} };
  return null;
}
