import { z } from 'zod';
import { passwordResetConfirmSchema, registerSchema } from './auth.schema';

/**
 * Form-only rules on top of the API schemas: a form asks for the new password twice, the API gets it
 * once. Issue messages are stable keys like AUTH_MESSAGE_KEYS; `password_mismatch` never reaches the
 * server, so it is not one of them.
 */
export const PASSWORD_MISMATCH = 'password_mismatch';

const confirmation = z.string({ error: 'required' }).min(1, { error: 'required' });

/** The confirmation must match once both are typed (an empty one is reported as required instead). */
function matching<K extends string>(password: K) {
  return {
    error: PASSWORD_MISMATCH,
    path: ['password_confirm'],
    // Also checked when other fields fail: the form shows every problem at once.
    when: (payload: { value: unknown }) => {
      const value = payload.value as Record<string, unknown>;
      return typeof value[password] === 'string' && typeof value.password_confirm === 'string';
    },
  };
}

const confirms =
  <K extends string>(password: K) =>
  (value: Record<K | 'password_confirm', string>) =>
    value[password] === '' || value.password_confirm === '' || value[password] === value.password_confirm;

/** The register form: the API payload plus the confirmation. */
export const registerFormSchema = registerSchema
  .extend({ password_confirm: confirmation })
  .refine(confirms('password'), matching('password'));
export type RegisterFormInput = z.input<typeof registerFormSchema>;

/** The new-password form of a reset link. */
export const passwordResetFormSchema = passwordResetConfirmSchema
  .extend({ password_confirm: confirmation })
  .refine(confirms('new_password'), matching('new_password'));
export type PasswordResetFormInput = z.input<typeof passwordResetFormSchema>;
