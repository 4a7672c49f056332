import { describe, expect, it } from 'vitest';
import { passwordResetFormSchema, registerFormSchema } from './auth-form.schema';

const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}:${issue.message}`);

const register = {
  email: 'anne@example.be',
  password: 'long enough',
  password_confirm: 'long enough',
  first_name: 'Anne',
  last_name: 'Dupont',
  is_pharmacist: false,
  accept_terms: true,
};

describe('register form schema', () => {
  it('accepts a complete form', () => {
    expect(registerFormSchema.safeParse(register).success).toBe(true);
  });

  it('reports a confirmation that differs, together with the other problems', () => {
    const result = registerFormSchema.safeParse({ ...register, first_name: ' ', password_confirm: 'other one' });
    expect(issues(result)).toEqual(['first_name:required', 'password_confirm:password_mismatch']);
  });

  it('calls an empty confirmation required, not different', () => {
    expect(issues(registerFormSchema.safeParse({ ...register, password_confirm: '' }))).toEqual([
      'password_confirm:required',
    ]);
  });
});

describe('reset form schema', () => {
  it('checks the new password and its confirmation', () => {
    const result = passwordResetFormSchema.safeParse({
      uid: 'u',
      token: 't',
      new_password: 'short',
      password_confirm: 'shorter',
    });
    expect(issues(result)).toEqual(['new_password:password_too_short', 'password_confirm:password_mismatch']);
  });
});
