import { z } from 'zod';

/**
 * Payloads of the account API (docs/architecture.md#account-contracts). Issue messages are stable keys
 * (AUTH_MESSAGE_KEYS); the server translates them into the `fields` of its 400 answer and the web maps them to its
 * own translations.
 */
export const AUTH_MESSAGE_KEYS = [
  'required',
  'invalid_email',
  'password_min_length',
  'password_too_short',
  'password_too_long',
  'terms_required',
  'pharmacist_required',
  'otp_format',
  'email_missing',
  'too_long',
  'acknowledge_required',
  'name_plain_text',
  'first_name_invalid',
] as const;
export type AuthMessageKey = (typeof AUTH_MESSAGE_KEYS)[number];

export const PASSWORD_MIN_LENGTH = 8;
/** Generous upper bound: long passphrases are welcome (ASVS asks ≥ 64), the cap only stops abuse. */
export const PASSWORD_MAX_LENGTH = 256;
export const OTP_LENGTH = 6;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 150;
/** First names are written into mails to any address typed at registration: short, a few words. */
export const FIRST_NAME_MAX_LENGTH = 40;
export const FIRST_NAME_MAX_WORDS = 3;
/** A Google-only account may be deleted only from a session signed in this recently (10 minutes). */
export const REAUTH_MAX_AGE_MS = 10 * 60 * 1000;

/** Length in user-perceived code points, so 'é' or an emoji counts once. */
export function passwordLength(password: string): number {
  return [...password].length;
}

/**
 * E-mail addresses are trimmed and lower-cased as a whole (local part included): one account per mailbox
 * whatever the capitalisation typed. Login and every other call use the same rule.
 */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

const requiredString = (max: number) =>
  z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(max, { error: 'too_long' });

/** Line breaks and every other control or format character (C0, C1, bidi overrides, zero-width). */
const CONTROL_CHARS = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
/** A scheme, `www.`, or a dotted host such as `x.com`: names reach other people's inboxes in mails. */
const LINK_LIKE = /:\/\/|\bwww\.|[\p{L}\p{N}-]\.[\p{L}]{2,}/iu;

/** True when a name is plain text: no line breaks, control characters or anything a mail client links. */
export function isPlainName(value: string): boolean {
  return !CONTROL_CHARS.test(value) && !LINK_LIKE.test(value);
}

const nameSchema = () => requiredString(NAME_MAX_LENGTH).refine(isPlainName, { error: 'name_plain_text' });

/**
 * Letters that read as a dot, refused in first names (ADR 205): modifier letters are refused as a class, these are
 * ordinary letters of their scripts (Latin sinological dot, Hangul araea, Canadian syllabics dot).
 */
const DOT_LIKE_LETTERS = /[\uA78F\u318D\u119E\u1427]/u;
/** A word: letters (any script, accents, combining marks), joined by single hyphens or apostrophes. */
const WORD = String.raw`(?:(?!\p{Lm})\p{L})\p{M}*(?:(?:['’ʼ-])?(?:(?!\p{Lm})\p{L})\p{M}*)*`;
const FIRST_NAME = new RegExp(String.raw`^${WORD}(?: ${WORD}){0,${FIRST_NAME_MAX_WORDS - 1}}$`, 'u');

/**
 * A first name as mails may write it to anyone: 1 to 3 words of letters with hyphens or apostrophes
 * between them, single spaces, at most 40 characters. So no digits, no dots of any script, no `@`,
 * no `://`, no sentence. Mails fall back to a neutral greeting for stored names that fail it.
 */
export function isFirstName(value: string): boolean {
  return (
    value.length <= FIRST_NAME_MAX_LENGTH &&
    isPlainName(value) &&
    !DOT_LIKE_LETTERS.test(value) &&
    FIRST_NAME.test(value)
  );
}

/** One issue per value: too long, else the plain-text key for line breaks and links, else the first-name key. */
const firstNameSchema = () =>
  requiredString(FIRST_NAME_MAX_LENGTH).superRefine((value, ctx) => {
    if (value.length === 0 || value.length > FIRST_NAME_MAX_LENGTH) return; // required, too_long
    if (!isPlainName(value)) ctx.addIssue({ code: 'custom', message: 'name_plain_text' });
    else if (!isFirstName(value)) ctx.addIssue({ code: 'custom', message: 'first_name_invalid' });
  });

export const emailSchema = z
  .string({ error: 'required' })
  .transform(normalizeEmail)
  .pipe(
    z
      .string()
      .min(1, { error: 'required' })
      .max(EMAIL_MAX_LENGTH, { error: 'invalid_email' })
      .pipe(z.email({ error: 'invalid_email' })),
  );

/** Never trimmed nor case-changed: the password is hashed exactly as typed (after Unicode NFKC on the server). */
const passwordSchema = (tooShort: AuthMessageKey) =>
  z
    .string({ error: 'required' })
    .min(1, { error: 'required' })
    .refine((p) => passwordLength(p) >= PASSWORD_MIN_LENGTH, { error: tooShort })
    .refine((p) => passwordLength(p) <= PASSWORD_MAX_LENGTH, { error: 'password_too_long' });

export const registerSchema = z.object({
  email: emailSchema,
  password: passwordSchema('password_min_length'),
  first_name: firstNameSchema(),
  last_name: nameSchema(),
  is_pharmacist: z.boolean({ error: 'pharmacist_required' }),
  accept_terms: z.literal(true, { error: 'terms_required' }),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const registerResponseSchema = z.object({ detail: z.string(), email: z.string() });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const loginSchema = z.object({
  /** The e-mail address (the field keeps Django's name). */
  username: z
    .string({ error: 'required' })
    .transform(normalizeEmail)
    .pipe(z.string().min(1, { error: 'required' }).max(EMAIL_MAX_LENGTH, { error: 'too_long' })),
  password: z
    .string({ error: 'required' })
    .min(1, { error: 'required' })
    .max(PASSWORD_MAX_LENGTH * 4, { error: 'password_too_long' }),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const otpCodeSchema = z
  .string({ error: 'otp_format' })
  .trim()
  .regex(/^\d{6}$/, { error: 'otp_format' });

const emailForVerification = z
  .string({ error: 'email_missing' })
  .transform(normalizeEmail)
  .pipe(z.string().min(1, { error: 'email_missing' }).max(EMAIL_MAX_LENGTH, { error: 'invalid_email' }));

/**
 * The password a code or link activates when it is used in another browser than the one that
 * registered (the server then answers 400 `password_required` until it is given).
 */
const activationPassword = passwordSchema('password_min_length').optional();

export const verifyOtpSchema = z.object({
  email: emailForVerification,
  code: otpCodeSchema,
  password: activationPassword,
});
export type VerifyOtpInput = z.infer<typeof verifyOtpSchema>;

export const resendOtpSchema = z.object({ email: emailForVerification });
export type ResendOtpInput = z.infer<typeof resendOtpSchema>;

export const passwordResetSchema = z.object({ email: emailSchema });
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;

const linkPart = z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(200, { error: 'too_long' });

export const passwordResetConfirmSchema = z.object({
  uid: linkPart,
  token: linkPart,
  new_password: passwordSchema('password_too_short'),
});
export type PasswordResetConfirmInput = z.infer<typeof passwordResetConfirmSchema>;

/** Asks whether a reset link is still valid, before the user types a new password; consumes nothing. */
export const passwordResetCheckSchema = z.object({ uid: linkPart, token: linkPart });
export type PasswordResetCheckInput = z.infer<typeof passwordResetCheckSchema>;

export const passwordResetCheckResponseSchema = z.object({ valid: z.literal(true) });
export type PasswordResetCheckResponse = z.infer<typeof passwordResetCheckResponseSchema>;

export const activateSchema = z.object({ uid: linkPart, token: linkPart, password: activationPassword });
export type ActivateInput = z.infer<typeof activateSchema>;

export const updateProfileSchema = z.object({
  first_name: firstNameSchema().optional(),
  last_name: nameSchema().optional(),
  is_pharmacist: z.boolean({ error: 'pharmacist_required' }).optional(),
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

export const accountDeleteSchema = z.object({
  email_confirmation: z
    .string({ error: 'required' })
    .transform(normalizeEmail)
    .pipe(z.string().min(1, { error: 'required' })),
  acknowledge: z.literal(true, { error: 'acknowledge_required' }),
  /**
   * Re-authentication (docs/security.md#sessions, ASVS 7.5.3): required when the account has a password
   * (`has_password` on the current user); Google-only accounts send none and need a session
   * signed in within REAUTH_MAX_AGE_MS instead.
   */
  password: z
    .string({ error: 'required' })
    .max(PASSWORD_MAX_LENGTH * 4, { error: 'password_too_long' })
    .optional(),
});
export type AccountDeleteInput = z.infer<typeof accountDeleteSchema>;

export const googleVerifySchema = z.object({
  id_token: z.string({ error: 'required' }).min(1, { error: 'required' }).max(8192, { error: 'too_long' }),
  is_pharmacist: z.boolean({ error: 'pharmacist_required' }).optional(),
});
export type GoogleVerifyInput = z.infer<typeof googleVerifySchema>;

export const authConfigSchema = z.object({ googleClientId: z.string().nullable() });
export type AuthConfig = z.infer<typeof authConfigSchema>;

/** Body of 200 answers that carry only a message (logout, resend, reset request, delete). */
export const detailResponseSchema = z.object({ detail: z.string() });
export type DetailResponse = z.infer<typeof detailResponseSchema>;
