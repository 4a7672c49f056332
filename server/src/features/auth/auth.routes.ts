import { Hono } from 'hono';
import {
  activateSchema,
  googleVerifySchema,
  loginSchema,
  passwordResetCheckSchema,
  passwordResetConfirmSchema,
  passwordResetSchema,
  registerSchema,
  resendOtpSchema,
  updateProfileSchema,
  verifyOtpSchema,
  type AuthConfig,
  type DetailResponse,
  type PasswordResetCheckResponse,
  type RegisterResponse,
  type UserResponse,
} from '@pharmaradar/shared';
import { localize, requestLocale } from '../../lib/i18n';
import { rateLimit } from '../../lib/rate-limit';
import { createAccountService } from '../account/account.service';
import { serializeUser } from '../account/user.serializer';
import type { UserRow } from '../account/user.repository';
import { requireUser } from '../sessions/session.middleware';
import { AUTH_MESSAGES } from './auth.messages';
import type { AuthContext } from './auth.context';
import { createGoogleService } from './google.service';
import { createLoginService } from './login.service';
import { createPasswordResetService } from './password-reset.service';
import { createRegistrationService } from './registration.service';
import { withThrottle } from './throttle';
import { parseAuthBody } from './validate';

const MINUTE = 60 * 1000;

/** The account API under /api/auth/ (DESIGN.md §8; routes and payloads listed in auth.schema.ts). */
export function createAuthRoutes(ctx: AuthContext): Hono {
  const { env, now } = ctx.deps;
  const registration = createRegistrationService(ctx);
  const login = createLoginService(ctx);
  const reset = createPasswordResetService(ctx);
  const google = createGoogleService(ctx);
  const account = createAccountService(ctx);
  // Per connection (socket address, or the trusted proxy's hop); per-account limits live in the services.
  const perConnection = (name: string, windowMs: number, max: number) => rateLimit({ name, windowMs, max, now });
  const userBody = (user: UserRow): UserResponse => ({ user: serializeUser(user, now()) });

  const r = new Hono();

  r.get('/auth/config/', (c) => c.json<AuthConfig>({ googleClientId: env.GOOGLE_CLIENT_ID ?? null }));

  r.get('/auth/me/', (c) => {
    const user = c.get('user');
    return c.json<UserResponse>(user ? userBody(user) : { user: null });
  });

  r.post('/auth/register/', perConnection('register', 60 * MINUTE, 20), async (c) => {
    const input = await parseAuthBody(c, registerSchema);
    const locale = requestLocale(c);
    await registration.register(input, locale);
    return c.json<RegisterResponse>({ detail: localize(AUTH_MESSAGES.registered, locale), email: input.email }, 201);
  });

  r.post('/auth/verify-otp/', perConnection('verify-otp', 15 * MINUTE, 30), async (c) => {
    const input = await parseAuthBody(c, verifyOtpSchema);
    return c.json(userBody(registration.verifyOtp(c, input.email, input.code, requestLocale(c))));
  });

  r.post('/auth/resend-otp/', perConnection('resend-otp', 60 * MINUTE, 20), (c) =>
    withThrottle(c, async () => {
      const input = await parseAuthBody(c, resendOtpSchema);
      registration.resend(input.email);
      return c.json<DetailResponse>({ detail: localize(AUTH_MESSAGES.codeResent, requestLocale(c)) });
    }),
  );

  r.post('/auth/activate/', perConnection('activate', 15 * MINUTE, 30), async (c) => {
    const input = await parseAuthBody(c, activateSchema);
    return c.json(userBody(registration.activate(c, input.uid, input.token, requestLocale(c))));
  });

  r.post('/auth/login/', perConnection('login', 15 * MINUTE, 50), (c) =>
    withThrottle(c, async () => {
      const input = await parseAuthBody(c, loginSchema);
      return c.json(userBody(await login.login(c, input.username, input.password, requestLocale(c))));
    }),
  );

  r.post('/auth/logout/', (c) => {
    login.logout(c);
    return c.json<DetailResponse>({ detail: localize(AUTH_MESSAGES.loggedOut, requestLocale(c)) });
  });

  r.patch('/auth/update-profile/', async (c) => {
    const user = requireUser(c);
    const input = await parseAuthBody(c, updateProfileSchema);
    return c.json(userBody(account.updateProfile(user, input)));
  });

  r.post('/auth/password-reset/', perConnection('password-reset', 15 * MINUTE, 10), async (c) => {
    const input = await parseAuthBody(c, passwordResetSchema);
    const locale = requestLocale(c);
    reset.request(input.email, locale);
    return c.json<DetailResponse>({ detail: localize(AUTH_MESSAGES.resetRequested, locale) });
  });

  // Same verification as confirm, nothing spent: an already used or expired link is told on page load.
  r.post('/auth/password-reset-check/', perConnection('password-reset-check', 15 * MINUTE, 30), async (c) => {
    const input = await parseAuthBody(c, passwordResetCheckSchema);
    reset.check(input.uid, input.token);
    return c.json<PasswordResetCheckResponse>({ valid: true });
  });

  r.post('/auth/password-reset-confirm/', perConnection('password-reset-confirm', 15 * MINUTE, 20), async (c) => {
    const input = await parseAuthBody(c, passwordResetConfirmSchema);
    const locale = requestLocale(c);
    await reset.confirm(input.uid, input.token, input.new_password, locale);
    return c.json<DetailResponse>({ detail: localize(AUTH_MESSAGES.passwordChanged, locale) });
  });

  r.post('/auth/google/verify/', perConnection('google', 15 * MINUTE, 30), async (c) => {
    const input = await parseAuthBody(c, googleVerifySchema);
    return c.json(userBody(await google.signIn(c, input.id_token, input.is_pharmacist, requestLocale(c))));
  });

  return r;
}
