import { Hono } from 'hono';
import {
  accountDeleteSchema,
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
} from '@pharmaradar/shared/auth.schema';
import { type UserResponse } from '@pharmaradar/shared/user.schema';
import type { Context } from 'hono';
import { stream } from 'hono/streaming';
import type { z } from 'zod';
import { clientAddress } from '../../lib/client-address';
import { localize, requestLocale } from '../../lib/i18n';
import { batched, jsonChunks } from '../../lib/json-stream';
import { rateLimit } from '../../lib/rate-limit';
import { parseJsonBody } from '../../lib/validate';
import { createAccountService } from './account.service';
import { createAccountExport, exportDate } from './account-export.service';
import { serializeUser } from './user.serializer';
import type { UserRow } from './user.repository';
import { requireUser, sessionCookies } from './session.middleware';
import { ACCOUNT_ISSUES, AUTH_MESSAGES } from './accounts.messages';
import type { AccountsContext, SignedIn, SignInClient } from './accounts.context';
import { knownDeviceCookies } from './known-device';
import { browserRegistrationCookies } from './browser-registration';
import { createGoogleService } from './google.service';
import { createLoginService } from './login.service';
import { createPasswordResetService } from './password-reset.service';
import { createRegistrationService } from './registration.service';

const MINUTE = 60 * 1000;

/** The address the per-connection limits key on (socket, or the trusted proxy's hop). */
const connectionOf = (c: Context): string => c.get('clientIp') ?? clientAddress(c, false);

/** A JSON body validated with a shared account schema, worded with the account messages. */
const parseAccountBody = <S extends z.ZodType>(c: Context, schema: S) => parseJsonBody(c, schema, ACCOUNT_ISSUES);

/**
 * The account API under /api/auth/ and /api/account/ (docs/architecture.md#account-contracts; payloads in shared
 * auth.schema.ts). Handlers read the request (body, cookie, connection) and write the cookies; the services decide.
 */
export function createAccountsRoutes(ctx: AccountsContext): Hono {
  const { env, now } = ctx.deps;
  const registration = createRegistrationService(ctx);
  const login = createLoginService(ctx);
  const reset = createPasswordResetService(ctx);
  const google = createGoogleService(ctx);
  const account = createAccountService(ctx);
  const dataExport = createAccountExport({
    db: ctx.deps.db,
    sources: ctx.deps.personalData,
    searchUsed: ctx.deps.searchUsed,
  });
  // Per connection (socket address, or the trusted proxy's hop); per-account limits live in the services.
  const perConnection = (name: string, windowMs: number, max: number) =>
    rateLimit({ name, windowMs, max, now, db: ctx.deps.db });
  const userBody = (user: UserRow): UserResponse => ({ user: serializeUser(user, now(), ctx.deps.searchUsed) });
  const cookies = sessionCookies(env);
  const deviceCookies = knownDeviceCookies(env);
  const registrationCookies = browserRegistrationCookies(env);
  /** What every sign-in takes from the request: the session it replaces and the device's name. */
  const client = (c: Context): SignInClient => ({
    previousToken: cookies.read(c),
    userAgent: c.req.header('user-agent') ?? '',
  });
  /** Answers a sign-in: its session cookie (and CSRF token), the known-device cookie, the user. */
  const signedIn = (c: Context, result: SignedIn) => {
    cookies.send(c, result.session);
    deviceCookies.send(c, result.knownDevice);
    return c.json(userBody(result.user));
  };

  const r = new Hono();

  r.get('/auth/config/', (c) => c.json<AuthConfig>({ googleClientId: env.GOOGLE_CLIENT_ID ?? null }));

  r.get('/auth/me/', (c) => {
    const user = c.get('user');
    return c.json<UserResponse>(user ? userBody(user) : { user: null });
  });

  r.post('/auth/register/', perConnection('register', 60 * MINUTE, 20), async (c) => {
    const input = await parseAccountBody(c, registerSchema);
    const locale = requestLocale(c);
    const token = await registration.register(input, locale, connectionOf(c), registrationCookies.read(c));
    registrationCookies.send(c, token);
    return c.json<RegisterResponse>({ detail: localize(AUTH_MESSAGES.registered, locale), email: input.email }, 201);
  });

  r.post('/auth/verify-otp/', perConnection('verify-otp', 15 * MINUTE, 30), async (c) => {
    const input = await parseAccountBody(c, verifyOtpSchema);
    const proof = { password: input.password, registrationToken: registrationCookies.read(c) };
    return signedIn(c, await registration.verifyOtp(input.email, input.code, proof, requestLocale(c), client(c)));
  });

  r.post('/auth/resend-otp/', perConnection('resend-otp', 60 * MINUTE, 20), async (c) => {
    const input = await parseAccountBody(c, resendOtpSchema);
    registration.resend(input.email, connectionOf(c));
    return c.json<DetailResponse>({ detail: localize(AUTH_MESSAGES.codeResent, requestLocale(c)) });
  });

  r.post('/auth/activate/', perConnection('activate', 15 * MINUTE, 30), async (c) => {
    const input = await parseAccountBody(c, activateSchema);
    const proof = { password: input.password, registrationToken: registrationCookies.read(c) };
    return signedIn(c, await registration.activate(input.uid, input.token, proof, requestLocale(c), client(c)));
  });

  // The per-connection limit (50 / 15 min) is the login service's: a known device is exempt from it.
  r.post('/auth/login/', async (c) => {
    const input = await parseAccountBody(c, loginSchema);
    const attempt = {
      ...client(c),
      email: input.username,
      password: input.password,
      connection: connectionOf(c),
      knownDevice: deviceCookies.read(c),
    };
    return signedIn(c, await login.login(attempt, requestLocale(c)));
  });

  r.post('/auth/logout/', (c) => {
    const sessionId = c.get('sessionId');
    if (sessionId !== null) ctx.deps.loggingOut?.(sessionId);
    login.logout(cookies.read(c), c.get('user'));
    cookies.clear(c);
    return c.json<DetailResponse>({ detail: localize(AUTH_MESSAGES.loggedOut, requestLocale(c)) });
  });

  r.patch('/auth/update-profile/', async (c) => {
    const user = requireUser(c);
    const input = await parseAccountBody(c, updateProfileSchema);
    return c.json(userBody(account.updateProfile(user, input)));
  });

  r.post('/auth/password-reset/', perConnection('password-reset', 15 * MINUTE, 10), async (c) => {
    const input = await parseAccountBody(c, passwordResetSchema);
    const locale = requestLocale(c);
    reset.request(input.email, locale);
    return c.json<DetailResponse>({ detail: localize(AUTH_MESSAGES.resetRequested, locale) });
  });

  // Same verification as confirm, nothing spent: an already used or expired link is told on page load.
  r.post('/auth/password-reset-check/', perConnection('password-reset-check', 15 * MINUTE, 30), async (c) => {
    const input = await parseAccountBody(c, passwordResetCheckSchema);
    reset.check(input.uid, input.token);
    return c.json<PasswordResetCheckResponse>({ valid: true });
  });

  r.post('/auth/password-reset-confirm/', perConnection('password-reset-confirm', 15 * MINUTE, 20), async (c) => {
    const input = await parseAccountBody(c, passwordResetConfirmSchema);
    const locale = requestLocale(c);
    await reset.confirm(input.uid, input.token, input.new_password, locale);
    return c.json<DetailResponse>({ detail: localize(AUTH_MESSAGES.passwordChanged, locale) });
  });

  r.post('/auth/google/verify/', perConnection('google', 15 * MINUTE, 30), async (c) => {
    const input = await parseAccountBody(c, googleVerifySchema);
    const result = await google.signIn(input.id_token, input.is_pharmacist, requestLocale(c), client(c));
    return signedIn(c, result);
  });

  // Per connection, on top of the per-account password budget of account.service.ts.
  r.post('/account/delete/', perConnection('account-delete', 15 * MINUTE, 20), async (c) => {
    const user = requireUser(c);
    const input = await parseAccountBody(c, accountDeleteSchema);
    await account.delete(user, input, { startedAt: c.get('sessionStartedAt'), token: cookies.read(c) });
    cookies.clear(c);
    return c.json<DetailResponse>({ detail: localize(AUTH_MESSAGES.accountDeleted, requestLocale(c)) });
  });

  // A file download (docs/features/account-data-export.md): pretty-printed, named by the day, never stored by a cache. Streamed
  // (ADR 131): the groups are read and written a page at a time, each write awaited, so a
  // large export neither sits whole in memory nor holds the event loop.
  r.get('/account/export/', (c) => {
    const user = requireUser(c);
    const at = now();
    const document = dataExport.build(user, c.get('sessionId'), at);
    c.header('Content-Type', 'application/json; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="pharmaradar-export-${exportDate(at)}.json"`);
    c.header('Cache-Control', 'no-store');
    return stream(c, async (out) => {
      for (const chunk of batched(jsonChunks(document))) {
        if (out.aborted) return;
        await out.write(chunk);
      }
    });
  });

  return r;
}
