import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { COMPANY } from '@pharmaradar/shared/brand';
import { EnvFileError, environmentWithEnvFile } from './env-file';
import { DEFAULT_WEB_DIST_DIR, resolveFromRoot } from './paths';
import { PRIVATE_DIR_MODE } from './private-files';
import { loadOrCreateSecretKey, SECRET_KEY_MIN_LENGTH } from './secret-key';

export const RETAILER_IDS = ['farmaline', 'medimarket', 'multipharma', 'newpharma'] as const;
export type RetailerId = (typeof RETAILER_IDS)[number];
export const DEMO_FAULT_KINDS = ['slow', '5xx', '403', 'garbage', 'timeout', '429'] as const;
export type DemoFault = (typeof DEMO_FAULT_KINDS)[number];
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const LOG_FORMATS = ['json', 'text'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** Lowercase letters, digits and dashes: a page connector's id or a feed-only shop's (ADR 179). */
export const SHOP_ID_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;
const retailerId = z
  .string()
  .regex(SHOP_ID_PATTERN, { error: 'must be lowercase letters, digits and dashes, starting with a letter' });
const isPageShop = (id: string) => (RETAILER_IDS as readonly string[]).includes(id);

const integer = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { error: `must be a whole number between ${min} and ${max}` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: `must be a whole number between ${min} and ${max}` });

const httpUrl = z
  .string()
  .trim()
  .refine((value) => /^https?:$/.test(safeProtocol(value)), { error: 'must be an http:// or https:// URL' })
  .transform((value) => value.replace(/\/+$/, ''));

/** An ad network's loader script: https, or http on loopback only (tests serve one there). */
const adScriptUrl = z
  .string()
  .trim()
  .refine(isHttpsOrLoopback, { error: 'must be an https:// URL (http:// only on 127.0.0.1 or localhost)' });

function isHttpsOrLoopback(value: string): boolean {
  try {
    const url = new URL(value);
    const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost';
    return url.protocol === 'https:' || (url.protocol === 'http:' && loopback);
  } catch {
    return false;
  }
}

const boolean = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['true', 'false', '1', '0', 'yes', 'no'].includes(v), { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** `id:value,id:value` lists such as DEMO_LATENCY_MS and DEMO_FAULTS. */
function pairList<T extends z.ZodType>(value: T, example: string) {
  return z.string().transform((raw, ctx) => {
    const out: Partial<Record<string, z.output<T>>> = {};
    for (const part of raw
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)) {
      const [id = '', item = '', ...rest] = part.split(':').map((p) => p.trim());
      const parsedId = retailerId.safeParse(id);
      const parsedItem = value.safeParse(item);
      if (rest.length > 0 || !parsedId.success || !parsedItem.success) {
        ctx.addIssue({ code: 'custom', message: `"${part}" is not of the form ${example}` });
        return z.NEVER;
      }
      out[parsedId.data] = parsedItem.data;
    }
    return out;
  });
}

/**
 * `id=value` lists (RETAILER_FEEDS, RETAILER_FEED_COLUMNS, RETAILER_LINK_TEMPLATES). A value may hold
 * commas and equals signs (URLs do), so a new pair starts only where a comma is followed by `id=`.
 */
function assignmentList<T extends z.ZodType>(value: T, example: string) {
  return z.string().transform((raw, ctx) => {
    const out: Partial<Record<string, z.output<T>>> = {};
    for (const part of raw
      .split(/\s*,\s*(?=[a-z][a-z0-9_-]*=)/)
      .map((p) => p.trim())
      .filter(Boolean)) {
      const at = part.indexOf('=');
      const parsedId = retailerId.safeParse(part.slice(0, at).trim());
      const parsedItem = value.safeParse(part.slice(at + 1).trim());
      if (at < 1 || !parsedId.success || !parsedItem.success) {
        const why = !parsedId.success ? `retailer ${parsedId.error.issues[0]?.message}` : `not of the form ${example}`;
        ctx.addIssue({ code: 'custom', message: `"${part.slice(0, 60)}": ${why}` });
        return z.NEVER;
      }
      out[parsedId.data] = parsedItem.data;
    }
    return out;
  });
}

/** A feed's source: an https URL (http only on loopback, where tests serve one), or an absolute file path. */
const feedSource = z.string().refine((value) => value.startsWith('/') || isHttpsOrLoopback(value), {
  error: 'must be an https:// URL or an absolute file path',
});

/** A feed-only shop's name as people read it (no markup: it is shown in pages and mails). */
const displayName = z
  .string()
  .trim()
  .refine((v) => v.length >= 1 && v.length <= 60 && !/[<>\p{Cc}]/u.test(v), {
    error: 'must be 1 to 60 characters, without < or >',
  });

/** An outgoing link template: https, with `{url}` where the offer's URL-encoded link goes. */
const linkTemplate = z
  .string()
  .refine((value) => value.includes('{url}') && safeProtocol(value.replace('{url}', 'x')) === 'https:', {
    error: 'must be an https:// URL containing {url}',
  });

/** `4.95/39`: delivery 4.95 EUR, free from a 39 EUR order; `4.95` alone: never free. */
const shippingTerms = z
  .string()
  .regex(/^\d{1,3}(?:\.\d{1,2})?(?:\/\d{1,4}(?:\.\d{1,2})?)?$/, { error: 'must be cost or cost/freeFrom in EUR' })
  .transform((raw) => {
    const [cost = '0', freeFrom] = raw.split('/');
    return { cost: Number(cost), freeFrom: freeFrom === undefined ? null : Number(freeFrom) };
  });

/** Shipping terms the basket uses when RETAILER_SHIPPING does not say (made-up demo values, ADR 112). */
export const DEFAULT_SHIPPING: Record<RetailerId, { cost: number; freeFrom: number | null }> = {
  farmaline: { cost: 4.95, freeFrom: 39 },
  medimarket: { cost: 5.95, freeFrom: 49 },
  multipharma: { cost: 4.5, freeFrom: 35 },
  newpharma: { cost: 4.95, freeFrom: 39 },
};

/** A feed-only shop whose terms RETAILER_SHIPPING does not give: the dearest default, never free. */
export const UNKNOWN_SHOP_SHIPPING = { cost: 5.95, freeFrom: null } as const;

const envSchema = z.object({
  PORT: integer(0, 65535).default(8080),
  HOST: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9.:-]+$/, { error: 'must be an IP address or host name' })
    .default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data').transform(resolveFromRoot),
  PUBLIC_URL: httpUrl.optional(),
  SECRET_KEY: z
    .string()
    .trim()
    .min(SECRET_KEY_MIN_LENGTH, { error: `must be at least ${SECRET_KEY_MIN_LENGTH} characters long` })
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  LOG_FORMAT: z.enum(LOG_FORMATS, { error: `must be one of ${LOG_FORMATS.join(', ')}` }).optional(),
  TRUST_PROXY: boolean.default(false),
  /**
   * The register answer goes out no sooner than this many milliseconds after the request arrived, so
   * its time tells nothing of the address (new, pending or verified) nor of the machine's load; above
   * the password hashing's usual time (docs/decisions/185). 0 turns the floor off (tests).
   */
  REGISTER_ANSWER_MS: integer(0, 10_000).default(300),
  WEB_CONCURRENCY: integer(1, 64).optional(),
  WEB_DIST_DIR: z.string().trim().min(1).transform(resolveFromRoot).default(DEFAULT_WEB_DIST_DIR),
  SMTP_URL: z
    .string()
    .trim()
    .refine((value) => /^smtps?:$/.test(safeProtocol(value)), { error: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().trim().min(3).default(`PharmaRadar <no-reply@pharmaradar.be>`),
  MAIL_OUTBOX_DIR: z.string().trim().min(1).transform(resolveFromRoot).optional(),
  CONTACT_TO: z.email({ error: 'must be an e-mail address' }).default(COMPANY.contactEmail),
  RETAILERS_MODE: z.enum(['demo', 'live'], { error: 'must be demo or live' }).default('demo'),
  RETAILERS: z
    .string()
    .default('farmaline,medimarket,multipharma')
    .transform((raw) => [
      ...new Set(
        raw
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(retailerId).min(1, { error: 'must name at least one retailer' })),
  RETAILER_TIMEOUT_MS: integer(100, 120_000).default(8000),
  SEARCH_CACHE_TTL_S: integer(0, 7 * 24 * 3600).default(900),
  SEARCH_RATE_LIMIT_PER_MIN: integer(1, 1_000_000).default(30),
  DEMO_LATENCY_MS: pairList(integer(0, 120_000), 'retailer:milliseconds').default(() => ({
    farmaline: 350,
    medimarket: 1100,
    multipharma: 2000,
  })),
  RETAILER_SHIPPING: pairList(shippingTerms, 'retailer:cost/freeFrom').default(() => DEFAULT_SHIPPING),
  // Off pins the demo shops to their catalogue prices (journeys that check exact totals).
  DEMO_PRICES_MOVE: boolean.default(true),
  // Off unless asked for: the demo clock is a staff tool of a demo, never of a public site (ADR 122).
  DEMO_CONTROLS: boolean.default(false),
  DEMO_FAULTS: pairList(z.enum(DEMO_FAULT_KINDS), `retailer:${DEMO_FAULT_KINDS.join('|')}`).default(() => ({})),
  FARMALINE_BASE_URL: httpUrl.optional(),
  MEDIMARKET_BASE_URL: httpUrl.optional(),
  MEDIMARKET_PHARMACY_BASE_URL: httpUrl.optional(),
  MULTIPHARMA_BASE_URL: httpUrl.optional(),
  NEWPHARMA_BASE_URL: httpUrl.optional(),
  GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
  GOOGLE_JWKS_URL: httpUrl.default('https://www.googleapis.com/oauth2/v3/certs'),
  STRIPE_SECRET_KEY: z.string().trim().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
  STRIPE_PRICE_PRO_MONTHLY: z.string().trim().min(1).optional(),
  // Live mode without STRIPE_* refuses to start unless this says the test checkout is wanted (ADR 123).
  BILLING_TEST_CHECKOUT: boolean.default(false),
  BACKUP_INTERVAL_H: integer(0, 24 * 7).default(24),
  // Price alerts: minutes between re-checks (0 = off) and products re-checked per hour at most, i.e.
  // requests each retailer gets from the alerts per hour (ADR 116).
  ALERTS_CHECK_INTERVAL_MIN: integer(0, 24 * 60).default(30),
  ALERTS_CHECKS_PER_HOUR: integer(1, 10_000).default(60),
  BACKUP_DIR: z.string().trim().min(1).transform(resolveFromRoot).optional(),
  // At most 30: backups hold purged accounts' data, which docs/product.md#constants promises gone within 30 days.
  BACKUP_KEEP_DAYS: integer(1, 30).default(30),
  MAP_TILES_URL: z
    .string()
    .trim()
    .refine((value) => /^https?:$/.test(safeProtocol(value.replace(/\{[a-z]+\}/g, 'a'))), {
      error: 'must be an http:// or https:// URL template',
    })
    .refine((value) => ['{z}', '{x}', '{y}'].every((part) => value.includes(part)), {
      error: 'must contain {z}, {x} and {y}',
    })
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILES_ATTRIBUTION: z.string().trim().min(1).max(300).default('© OpenStreetMap contributors'),
  MAP_TILES_KEY: z.string().trim().min(1).optional(),
  NEARBY_RADIUS_KM: z.enum(['2', '5', '10', '25'], { error: 'must be 2, 5, 10 or 25' }).transform(Number).default(5),
  AD_NETWORK_SCRIPT_URL: adScriptUrl.optional(),
  AD_CLIENT_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._:-]{1,100}$/, { error: 'must be letters, digits, dots, colons or dashes (100 at most)' })
    .optional(),
  // At least 60: the prior-price check looks at the 30 days before a reduction that may itself run for weeks.
  PRICE_HISTORY_DAYS: integer(60, 3650).default(400),
  // Live mode: days between looks at the official catalogue's latest version (0 = off; ADR 153).
  CATALOGUE_UPDATE_DAYS: integer(0, 365).default(7),
  CATALOGUE_SOURCE_URL: httpUrl.default('https://www.vas.ehealth.fgov.be/websamcivics/samcivics/download'),
  // Shops read from their product feed instead of their pages (docs/decisions/170, 171).
  RETAILER_FEEDS: assignmentList(feedSource, 'retailer=https URL or /absolute/path').default(() => ({})),
  RETAILER_FEED_COLUMNS: assignmentList(
    z.string().refine((v) => v.startsWith('/') && v.endsWith('.json'), { error: 'must be an absolute .json path' }),
    'retailer=/absolute/path/columns.json',
  ).default(() => ({})),
  FEED_REFRESH_H: integer(1, 168).default(6),
  RETAILER_LINK_TEMPLATES: assignmentList(linkTemplate, 'retailer=https://…{url}…').default(() => ({})),
  // Display names of shops read only from a feed (required for them; a page shop's name may be overridden).
  RETAILER_NAMES: assignmentList(displayName, 'retailer=Display name').default(() => ({})),
});

type ParsedEnv = z.output<typeof envSchema>;

/** Stripe is used only when all three are set; none of them = the local Stripe look-alike (demo). */
export const STRIPE_VARIABLES = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_PRO_MONTHLY'] as const;

/** Names of all variables the schema reads (ENV_VARIABLES documents each; a test compares them). */
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

function safeProtocol(value: string): string {
  try {
    return new URL(value).protocol;
  } catch {
    return '';
  }
}
