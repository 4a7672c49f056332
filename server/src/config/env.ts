import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { EnvFileError, environmentWithEnvFile } from './env-file';
import type { EnvVariable } from './env-variable';
import { VARIABLES, type LogFormat } from './env-variables';
import { RETAILER_IDS } from './env-values';
import { PRIVATE_DIR_MODE } from './private-files';
import { loadOrCreateSecretKey } from './secret-key';
import { VAPID_VARIABLES, vapidPublicKeyOf } from './env-variables-push';

const isPageShop = (id: string) => (RETAILER_IDS as readonly string[]).includes(id);

type Schemas<V> = { [K in keyof V]: V[K] extends EnvVariable<infer S> ? S : never };

/** The zod schema of the whole environment, one key per variable of env-variables.ts. */
const envSchema = z.object(
  Object.fromEntries(Object.entries(VARIABLES).map(([name, v]) => [name, v.schema])) as Schemas<typeof VARIABLES>,
);

type ParsedEnv = z.output<typeof envSchema>;

/** Stripe is used only when all three are set; none of them = the local Stripe look-alike (demo). */
export const STRIPE_VARIABLES = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_PRO_MONTHLY'] as const;

/** Names of all variables the schema reads (the same list as ENV_VARIABLES; a test compares them). */
export const ENV_VARIABLE_NAMES: readonly string[] = Object.keys(envSchema.shape);

/** Validated configuration; keys are the environment variable names. */
export type Env = Omit<
  ParsedEnv,
  'PUBLIC_URL' | 'SECRET_KEY' | 'MAIL_OUTBOX_DIR' | 'BACKUP_DIR' | 'LOG_FORMAT' | 'WEB_CONCURRENCY'
> & {
  LOG_FORMAT: LogFormat;
  WEB_CONCURRENCY: number;
  PUBLIC_URL: string;
  SECRET_KEY: string;
  MAIL_OUTBOX_DIR: string;
  BACKUP_DIR: string;
};

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Variables whose empty value means something ("no latency", "no faults") rather than "unset". */
const EMPTY_IS_MEANINGFUL = new Set(['DEMO_LATENCY_MS', 'DEMO_FAULTS']);

/**
 * Reads and validates the configuration. A bad value throws an EnvError naming every offending
 * variable (values are not echoed: some are secrets). Creates DATA_DIR and, when SECRET_KEY is not
 * given, DATA_DIR/secret.key.
 */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const input: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = source[key];
    if (value === undefined) continue;
    if (value.trim() === '' && !EMPTY_IS_MEANINGFUL.has(key)) continue;
    input[key] = value;
  }
  const result = envSchema.safeParse(input);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${String(issue.path[0] ?? '?')}: ${issue.message}`);
    throw new EnvError(`Invalid configuration:\n${[...new Set(lines)].join('\n')}`);
  }
  const env = result.data;
  const stripe = STRIPE_VARIABLES.filter((name) => env[name] === undefined);
  if (stripe.length > 0 && stripe.length < STRIPE_VARIABLES.length) {
    // Half a Stripe configuration would silently fall back to the test checkout: refuse it instead.
    throw new EnvError(
      `Invalid configuration:\n${stripe.map((name) => `  ${name}: must be set with the other STRIPE_* variables`).join('\n')}`,
    );
  }
  if (env.AD_CLIENT_ID !== undefined && env.AD_NETWORK_SCRIPT_URL === undefined) {
    // A client id alone would silently show no ads: say what is missing instead.
    throw new EnvError(
      'Invalid configuration:\n  AD_CLIENT_ID: needs AD_NETWORK_SCRIPT_URL (a client id alone shows no ads)',
    );
  }
  const vapid = VAPID_VARIABLES.filter((name) => env[name] === undefined);
  if (vapid.length > 0 && vapid.length < VAPID_VARIABLES.length) {
    // Half a VAPID configuration would silently sign with a generated pair: refuse it instead.
    throw new EnvError(
      `Invalid configuration:\n${vapid.map((name) => `  ${name}: must be set with the other VAPID_* variables`).join('\n')}`,
    );
  }
  if (
    env.VAPID_PRIVATE_KEY &&
    env.VAPID_PUBLIC_KEY &&
    vapidPublicKeyOf(env.VAPID_PRIVATE_KEY) !== env.VAPID_PUBLIC_KEY
  ) {
    // Browsers subscribe with the public key; messages signed by another private key would all be refused.
    throw new EnvError('Invalid configuration:\n  VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY');
  }
  const unsearched = Object.keys(env.RETAILER_FEEDS).filter((id) => !env.RETAILERS.includes(id));
  if (unsearched.length > 0) {
    // A feed nobody searches would be fetched every few hours for nothing: say so instead.
    throw new EnvError(`Invalid configuration:\n  RETAILER_FEEDS: ${unsearched.join(', ')} not in RETAILERS`);
  }
  const feedOnly = env.RETAILERS.filter((id) => !isPageShop(id));
  const unread = feedOnly.filter((id) => env.RETAILER_FEEDS[id] === undefined);
  if (unread.length > 0) {
    // A shop with neither pages we can read nor a feed would answer nothing, ever.
    throw new EnvError(
      `Invalid configuration:\n  RETAILERS: ${unread.join(', ')} has no page connector (${RETAILER_IDS.join(', ')}): give it a feed in RETAILER_FEEDS`,
    );
  }
  const unnamed = feedOnly.filter((id) => env.RETAILER_NAMES[id] === undefined);
  if (unnamed.length > 0) {
    throw new EnvError(
      `Invalid configuration:\n  RETAILER_NAMES: ${unnamed.map((id) => `${id}=<display name>`).join(', ')} missing (a shop read only from a feed needs a name)`,
    );
  }
  try {
    mkdirSync(env.DATA_DIR, { recursive: true, mode: PRIVATE_DIR_MODE });
  } catch (error) {
    throw new EnvError(
      `Invalid configuration:\n  DATA_DIR: cannot create ${env.DATA_DIR} (${(error as Error).message})`,
    );
  }
  let secretKey = env.SECRET_KEY;
  if (!secretKey) {
    try {
      secretKey = loadOrCreateSecretKey(env.DATA_DIR);
    } catch (error) {
      throw new EnvError(`Invalid configuration:\n  SECRET_KEY: ${(error as Error).message}`);
    }
  }
  return {
    ...env,
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT || 8080}`,
    SECRET_KEY: secretKey,
    MAIL_OUTBOX_DIR: env.MAIL_OUTBOX_DIR ?? `${env.DATA_DIR}/outbox`,
    BACKUP_DIR: env.BACKUP_DIR ?? `${env.DATA_DIR}/backups`,
    // A collector reads JSON; a person at a terminal reads text (ADR 174).
    LOG_FORMAT: env.LOG_FORMAT ?? (source.NODE_ENV === 'production' ? 'json' : 'text'),
    // Every core in production; one process in development and tests (ADR 177).
    WEB_CONCURRENCY: env.WEB_CONCURRENCY ?? (source.NODE_ENV === 'production' ? availableParallelism() : 1),
  };
}

/**
 * For the server and command-line entry points: the environment over the `.env` file, validated; a
 * bad value prints the message naming the variable and exits 1.
 */
export function loadEnvOrExit(source?: NodeJS.ProcessEnv): Env {
  try {
    return loadEnv(source ?? environmentWithEnvFile());
  } catch (error) {
    if (!(error instanceof EnvError || error instanceof EnvFileError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** True when the public URL is https: cookies then get Secure and the session cookie the __Host- prefix. */
export function isHttps(env: Pick<Env, 'PUBLIC_URL'>): boolean {
  return env.PUBLIC_URL.startsWith('https://');
}
