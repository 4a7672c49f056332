import { describe, expect, it } from 'vitest';
import {
  accountDeleteSchema,
  isFirstName,
  loginSchema,
  passwordResetConfirmSchema,
  registerSchema,
  updateProfileSchema,
  verifyOtpSchema,
} from './auth.schema';

const validRegister = {
  email: '  Anne.Peeters@Example.BE ',
  password: 'correct horse',
  first_name: ' Anne ',
  last_name: 'Peeters',
  is_pharmacist: false,
  accept_terms: true,
};

function messages(result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('names are plain text', () => {
  it.each([
    'Anne\nBcc: x@y.be',
    'Anne\r\nYou won',
    'Anne\u0007',
    'Anne\u202Eevil',
    'Visit https://evil.example',
    'see www.evil',
    'evil.com',
    'Claim at x.co/prize',
    'ftp://x',
  ])('refuses %j in a first or last name', (name) => {
    expect(messages(registerSchema.safeParse({ ...validRegister, first_name: name }))).toEqual({
      first_name: 'name_plain_text',
    });
    expect(messages(registerSchema.safeParse({ ...validRegister, last_name: name }))).toEqual({
      last_name: 'name_plain_text',
    });
    expect(messages(updateProfileSchema.safeParse({ first_name: name }))).toEqual({ first_name: 'name_plain_text' });
  });

  it.each(['Marie-Thérèse', "O'Brien", 'Van den Bossche', 'José María', 'Zoë', 'Ахмед', 'D’Artagnan'])(
    'accepts %j',
    (name) => {
      expect(registerSchema.safeParse({ ...validRegister, first_name: name, last_name: name }).success).toBe(true);
    },
  );

  // Changed on purpose (ADR 205): dots used to pass in first names ('St. John', 'Ñúñez Jr.');
  // first names are now letters only. Last names keep the plain-text rule.
  it.each(['St. John', 'Ñúñez Jr.'])('accepts %j as a last name only', (name) => {
    expect(registerSchema.safeParse({ ...validRegister, last_name: name }).success).toBe(true);
    expect(messages(registerSchema.safeParse({ ...validRegister, first_name: name }))).toEqual({
      first_name: 'first_name_invalid',
    });
  });
});

describe('first names are letters only', () => {
  it.each([
    'evil。example。com',
    'evil．example．com',
    'evil｡example',
    'evilꓸcom',
    'evilꞏcom',
    'Anne@evil',
    'Anne 2024',
    '0470123456',
    'Anne1',
    'You won a prize here',
    'Click here now please',
    'Anne  Marie',
    '-Anne',
    "Anne'",
    'Anne_Marie',
    'Anne!',
    'Annelies Maria Josephina Van de Walle',
  ])('refuses %j as a first name, at register and profile update', (name) => {
    expect(messages(registerSchema.safeParse({ ...validRegister, first_name: name }))).toEqual({
      first_name: 'first_name_invalid',
    });
    expect(messages(updateProfileSchema.safeParse({ first_name: name }))).toEqual({ first_name: 'first_name_invalid' });
    expect(isFirstName(name)).toBe(false);
  });

  it('caps the length at 40 characters with the too-long key', () => {
    expect(isFirstName('A'.repeat(40))).toBe(true);
    expect(messages(registerSchema.safeParse({ ...validRegister, first_name: 'A'.repeat(41) }))).toEqual({
      first_name: 'too_long',
    });
  });

  it('accepts up to three words and decomposed accents', () => {
    expect(isFirstName('Anne Marie Louise')).toBe(true);
    expect(isFirstName('Ren\u0065\u0301')).toBe(true);
  });

  it('a scheme is refused with the plain-text key, and is never a first name', () => {
    expect(messages(registerSchema.safeParse({ ...validRegister, first_name: 'hxxp://evil' }))).toEqual({
      first_name: 'name_plain_text',
    });
    expect(isFirstName('hxxp://evil')).toBe(false);
  });
});

describe('registerSchema', () => {
  it('normalises the e-mail and trims names but never the password', () => {
    const data = registerSchema.parse({ ...validRegister, password: ' spaced pass ' });
    expect(data.email).toBe('anne.peeters@example.be');
    expect(data.first_name).toBe('Anne');
    expect(data.password).toBe(' spaced pass ');
  });

  it('rejects 7 characters, accepts 8, 64 and Unicode', () => {
    expect(messages(registerSchema.safeParse({ ...validRegister, password: '1234567' }))).toEqual({
      password: 'password_min_length',
    });
    expect(registerSchema.safeParse({ ...validRegister, password: '12345678' }).success).toBe(true);
    expect(registerSchema.safeParse({ ...validRegister, password: 'x'.repeat(64) }).success).toBe(true);
    expect(registerSchema.safeParse({ ...validRegister, password: 'pâté🙂🙂🙂🙂' }).success).toBe(true);
  });

  it('counts code points, so 7 emoji are still too short', () => {
    expect(registerSchema.safeParse({ ...validRegister, password: '🙂'.repeat(7) }).success).toBe(false);
  });

  it('names every missing field with a stable key', () => {
    expect(messages(registerSchema.safeParse({}))).toEqual({
      email: 'required',
      password: 'required',
      first_name: 'required',
      last_name: 'required',
      is_pharmacist: 'pharmacist_required',
      accept_terms: 'terms_required',
    });
    expect(messages(registerSchema.safeParse({ ...validRegister, accept_terms: false }))).toEqual({
      accept_terms: 'terms_required',
    });
    expect(messages(registerSchema.safeParse({ ...validRegister, email: 'nope' }))).toEqual({ email: 'invalid_email' });
  });
});

describe('other payloads', () => {
  it('login keeps the password exactly and normalises the username like register', () => {
    expect(loginSchema.parse({ username: ' A@B.BE', password: ' Pw ' })).toEqual({
      username: 'a@b.be',
      password: ' Pw ',
    });
  });

  it('verify-otp needs 6 digits and an e-mail', () => {
    expect(verifyOtpSchema.safeParse({ email: 'a@b.be', code: ' 123456 ' }).data?.code).toBe('123456');
    expect(messages(verifyOtpSchema.safeParse({ email: '', code: '12345a' }))).toEqual({
      email: 'email_missing',
      code: 'otp_format',
    });
  });

  it('reset confirm uses its own short-password key', () => {
    expect(messages(passwordResetConfirmSchema.safeParse({ uid: 'x', token: 'y', new_password: 'short' }))).toEqual({
      new_password: 'password_too_short',
    });
  });

  it('profile update accepts partial bodies and ignores e-mail changes', () => {
    expect(updateProfileSchema.parse({ is_pharmacist: true, email: 'other@x.be' })).toEqual({ is_pharmacist: true });
    expect(messages(updateProfileSchema.safeParse({ first_name: '  ' }))).toEqual({ first_name: 'required' });
  });

  it('account deletion requires the acknowledgement', () => {
    expect(messages(accountDeleteSchema.safeParse({ email_confirmation: 'a@b.be', acknowledge: false }))).toEqual({
      acknowledge: 'acknowledge_required',
    });
  });

  it('account deletion carries the password for re-authentication, untouched', () => {
    const withPassword = accountDeleteSchema.parse({
      email_confirmation: 'a@b.be',
      acknowledge: true,
      password: ' pw ',
    });
    expect(withPassword.password).toBe(' pw ');
    expect(accountDeleteSchema.parse({ email_confirmation: 'a@b.be', acknowledge: true }).password).toBeUndefined();
    expect(
      messages(accountDeleteSchema.safeParse({ email_confirmation: 'a@b.be', acknowledge: true, password: 42 })),
    ).toEqual({ password: 'required' });
  });
});
