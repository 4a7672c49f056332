import { z } from 'zod';
import { COMPANY } from '@pharmaradar/shared/brand';
import { DEFAULT_WEB_DIST_DIR, resolveFromRoot } from './paths';
import { SECRET_KEY_MIN_LENGTH } from './secret-key';
import { FEED_VARIABLES, SHOP_VARIABLES } from './env-variables-shops';
import { PUSH_VARIABLES } from './env-variables-push';
import { MARKET_VARIABLES } from './env-variables-market';
import { variable } from './env-variable';
import { adScriptUrl, boolean, httpUrl, integer, safeProtocol } from './env-values';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const LOG_FORMATS = ['json', 'text'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** The server itself: where it listens and keeps its data, its logs, and the mail it sends. */
const CORE_VARIABLES = {
  PORT: variable(
    integer(0, 65535).default(8080),
    '8080',
    'TCP port the web app and API listen on (0 = any free port).',
  ),
  HOST: variable(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9.:-]+$/, { error: 'must be an IP address or host name' })
      .default('0.0.0.0'),
    '0.0.0.0',
    'Interface to listen on (127.0.0.1 to accept local connections only).',
  ),
  DATA_DIR: variable(
    z.string().trim().min(1).default('./data').transform(resolveFromRoot),
    './data',
    'Directory for the SQLite database, the generated secret key and the mail outbox (relative to the repository root).',
  ),
  PUBLIC_URL: variable(
    httpUrl.optional(),
    'http://localhost:<PORT>',
    'Public origin users reach the app at; used in e-mail links, and https turns on Secure / __Host- cookies.',
  ),
  SECRET_KEY: variable(
    z
      .string()
      .trim()
      .min(SECRET_KEY_MIN_LENGTH, { error: `must be at least ${SECRET_KEY_MIN_LENGTH} characters long` })
      .optional(),
    'generated into DATA_DIR/secret.key',
    'Server secret (>= 32 characters) for CSRF tokens and signed links; generated once and kept when absent.',
  ),
  LOG_LEVEL: variable(
    z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
    'info',
    'Log verbosity: debug, info, warn, error or silent.',
  ),
  LOG_FORMAT: variable(
    z.enum(LOG_FORMATS, { error: `must be one of ${LOG_FORMATS.join(', ')}` }).optional(),
    'json when NODE_ENV=production, else text',
    'json: one JSON object per line (time, level, message, request id, method, path, status, duration) for a log collector; text: readable lines.',
  ),
  WEB_CONCURRENCY: variable(
    integer(1, 64).optional(),
    'number of cores when NODE_ENV=production, else 1',
    'Server processes sharing the port (1 to 64); above 1 they share limits, coalescing and jobs through SQLite.',
  ),
  TRUST_PROXY: variable(
    boolean.default(false),
    'false',
    'true when behind one reverse proxy: rate limits then key on the last X-Forwarded-For hop instead of the socket address.',
  ),
  /**
   * The register answer goes out no sooner than this many milliseconds after the request arrived, so
   * its time tells nothing of the address (new, pending or verified) nor of the machine's load; above
   * the password hashing's usual time (docs/decisions/185). 0 turns the floor off (tests).
   */
  REGISTER_ANSWER_MS: variable(
    integer(0, 10_000).default(300),
    '300',
    'The register answer goes out no sooner than this many ms after the request: its time tells nothing of the address.',
  ),
  WEB_DIST_DIR: variable(
    z.string().trim().min(1).transform(resolveFromRoot).default(DEFAULT_WEB_DIST_DIR),
    '<repo>/web/dist',
    'Built web app served as static files (npm start builds it when missing).',
  ),
  SMTP_URL: variable(
    z
      .string()
      .trim()
      .refine((value) => /^smtps?:$/.test(safeProtocol(value)), { error: 'must be an smtp:// or smtps:// URL' })
      .optional(),
    '(none)',
    'smtp:// or smtps:// URL (credentials included) to send e-mail; without it mails are written as .eml files to MAIL_OUTBOX_DIR.',
  ),
  MAIL_FROM: variable(
    z.string().trim().min(3).default(`PharmaRadar <no-reply@pharmaradar.be>`),
    'PharmaRadar <no-reply@pharmaradar.be>',
    'From address of every e-mail the app sends.',
  ),
  MAIL_OUTBOX_DIR: variable(
    z.string().trim().min(1).transform(resolveFromRoot).optional(),
    'DATA_DIR/outbox',
    'Where .eml files go when SMTP_URL is not set.',
  ),
  CONTACT_TO: variable(
    z.email({ error: 'must be an e-mail address' }).default(COMPANY.contactEmail),
    'contact@pharmaradar.be',
    'Recipient of contact-form messages.',
  ),
};

/** The outside services (Google, Stripe, maps, ads), the backups, alerts and price history. */
const SERVICE_VARIABLES = {
  GOOGLE_CLIENT_ID: variable(
    z.string().trim().min(1).optional(),
    '(none)',
    'Google OAuth web client id; Google sign-in is shown only when set.',
  ),
  GOOGLE_JWKS_URL: variable(
    httpUrl.default('https://www.googleapis.com/oauth2/v3/certs'),
    'https://www.googleapis.com/oauth2/v3/certs',
    'Where Google ID-token signing keys are fetched (tests point it at a local server).',
  ),
  STRIPE_SECRET_KEY: variable(
    z.string().trim().min(1).optional(),
    '(none)',
    'Stripe secret API key; without the three STRIPE_* values a local test checkout stands in.',
  ),
  STRIPE_WEBHOOK_SECRET: variable(
    z.string().trim().min(1).optional(),
    '(none)',
    'Signing secret of the Stripe webhook endpoint (/api/billing/webhook/).',
  ),
  STRIPE_PRICE_PRO_MONTHLY: variable(
    z.string().trim().min(1).optional(),
    '(none)',
    'Stripe price id of the monthly Pro subscription.',
  ),
  // Live mode without STRIPE_* refuses to start unless this says the test checkout is wanted (ADR 123).
  BILLING_TEST_CHECKOUT: variable(
    boolean.default(false),
    'false',
    'Live mode: true starts without the STRIPE_* values, with the local test checkout (anyone becomes Pro with the test card; logged as a warning). Without it live mode refuses to start (ADR 123).',
  ),
  BACKUP_INTERVAL_H: variable(
    integer(0, 24 * 7).default(24),
    '24',
    'Hours between online backups of the database (the first one at start-up when the newest is older); 0 turns scheduled backups off.',
  ),
  BACKUP_DIR: variable(
    z.string().trim().min(1).transform(resolveFromRoot).optional(),
    'DATA_DIR/backups',
    'Where backups (and databases replaced by a restore) go.',
  ),
  // At most 30: backups hold purged accounts' data, which docs/product.md#constants promises gone within 30 days.
  BACKUP_KEEP_DAYS: variable(
    integer(1, 30).default(30),
    '30',
    'Days a backup is kept before rotation deletes it (1 to 30: backups also hold purged accounts).',
  ),
  // Price alerts: minutes between re-checks (0 = off) and products re-checked per hour at most, i.e.
  // requests each retailer gets from the alerts per hour (ADR 116).
  ALERTS_CHECK_INTERVAL_MIN: variable(
    integer(0, 24 * 60).default(30),
    '30',
    'Minutes between re-checks of the products that have price alerts (0 turns the job off).',
  ),
  ALERTS_CHECKS_PER_HOUR: variable(
    integer(1, 10_000).default(60),
    '60',
    'Products the price alerts re-check per hour at most (each asks every retailer once at most).',
  ),
  // An open Pro tool asks for the other devices' changes this often (docs/decisions/218); each answer
  // of POST /api/groups/sync carries it to the device.
  PRO_PULL_EVERY_S: variable(
    integer(2, 600).default(12),
    '12',
    "Seconds between two requests of an open Pro tool for the other devices' changes (2 to 600).",
  ),
  MAP_TILES_URL: variable(
    z
      .string()
      .trim()
      .refine((value) => /^https?:$/.test(safeProtocol(value.replace(/\{[a-z]+\}/g, 'a'))), {
        error: 'must be an http:// or https:// URL template',
      })
      .refine((value) => ['{z}', '{x}', '{y}'].every((part) => value.includes(part)), {
        error: 'must contain {z}, {x} and {y}',
      })
      .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    'Raster tile URL template of the nearby map ({z}/{x}/{y}, optional {s}; {key} is replaced by MAP_TILES_KEY).',
  ),
  MAP_TILES_ATTRIBUTION: variable(
    z.string().trim().min(1).max(300).default('© OpenStreetMap contributors'),
    '© OpenStreetMap contributors',
    'Attribution shown on the map for the tile provider (required by the provider).',
  ),
  MAP_TILES_KEY: variable(
    z.string().trim().min(1).optional(),
    '(none)',
    'API key of the tile provider when its URL has {key}; missing, the map says the maps key is missing.',
  ),
  NEARBY_RADIUS_KM: variable(
    z.enum(['2', '5', '10', '25'], { error: 'must be 2, 5, 10 or 25' }).transform(Number).default(5),
    '5',
    'Default radius of the nearby pharmacies answer, in km (2, 5, 10 or 25).',
  ),
  AD_NETWORK_SCRIPT_URL: variable(
    adScriptUrl.optional(),
    '(none)',
    'Loader script of an ad network (https); when set, visitors and free users get its ads in the ad slot and its origin is allowed by the CSP. Without it the slot shows a house ad for Pro.',
  ),
  AD_CLIENT_ID: variable(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._:-]{1,100}$/, { error: 'must be letters, digits, dots, colons or dashes (100 at most)' })
      .optional(),
    '(none)',
    'Publisher id the ad network expects (given to its script and ad units); needs AD_NETWORK_SCRIPT_URL.',
  ),
  // At least 60: the prior-price check looks at the 30 days before a reduction that may itself run for weeks.
  PRICE_HISTORY_DAYS: variable(
    integer(60, 3650).default(400),
    '400',
    'Days of price history kept (60 to 3650); older daily points are purged at start-up and daily.',
  ),
};

/**
 * Every configuration variable, described once (name, schema with its default, default as shown,
 * description), in the order the README table and `.env.example` list them. env.ts validates the
 * environment with the schemas.
 */
export const VARIABLES = {
  ...CORE_VARIABLES,
  ...SHOP_VARIABLES,
  ...MARKET_VARIABLES,
  ...SERVICE_VARIABLES,
  ...PUSH_VARIABLES,
  ...FEED_VARIABLES,
};

/** A variable as people read about it: the source of the README table and `.env.example`. */
export interface EnvVariableDoc {
  name: string;
  default: string;
  description: string;
}

export const ENV_VARIABLES: readonly EnvVariableDoc[] = Object.entries(VARIABLES).map(([name, v]) => ({
  name,
  default: v.default,
  description: v.description,
}));
