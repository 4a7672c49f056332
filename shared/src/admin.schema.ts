import { z } from 'zod';
import { PLANS } from './current-user';

/** GET /api/admin/users/?q=&plan=&sort=: e-mail contains q, plan filter, newest first by sort. */
export const adminUserQuerySchema = z.object({
  q: z.string().trim().max(254).optional().default(''),
  plan: z
    .enum([...PLANS, ''])
    .optional()
    .default(''),
  sort: z.enum(['created', 'last_seen']).optional().default('created'),
});
export type AdminUserQuery = z.infer<typeof adminUserQuerySchema>;

/** YYYY-MM-DD, a real calendar day. */
export const isoDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalid_date' })
  .refine((day) => new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), { error: 'invalid_date' });

/**
 * POST /api/admin/users/{id}/plan/: the staff grant (docs/product.md#audience-and-plans Ultra provisioning, `npm run plan`).
 * `until` is the last day of the grant (Brussels), null = no end; 'free' takes the grant back.
 */
export const adminSetPlanSchema = z
  .object({
    plan: z.enum(PLANS),
    until: isoDaySchema.nullable().optional().default(null),
  })
  .strict();
export type AdminSetPlan = z.infer<typeof adminSetPlanSchema>;

/** POST /api/admin/users/{id}/staff/. */
export const adminSetStaffSchema = z.object({ is_staff: z.boolean() }).strict();
export type AdminSetStaff = z.infer<typeof adminSetStaffSchema>;

export interface AdminUser {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  plan: (typeof PLANS)[number];
  /** The staff grant, if any, and its end (ISO); a paying Stripe subscription shows in subscription_status. */
  plan_grant: 'pro' | 'ultra' | null;
  pro_until: string | null;
  subscription_status: string;
  is_staff: boolean;
  closed: boolean;
  date_joined: string;
  /** Latest session activity or login (ISO), null when never seen. */
  last_seen: string | null;
}

export interface AdminMessage {
  id: number;
  created_at: string;
  name: string;
  email: string;
  message: string;
  locale: string;
  priority: boolean;
  mail_status: 'pending' | 'sent' | 'failed';
}

/** One retailer over the last 24 hours of upstream calls (cache hits excluded). */
export interface RetailerHealth {
  retailer: string;
  searches: number;
  /** Share of calls answered ('ok' or 'empty'), 0..1; null without calls. */
  success_rate: number | null;
  median_ms: number | null;
  p95_ms: number | null;
  parse_failures: number;
  blocks: number;
  /** Set while the shop alarm finds the shop failing (last hour), else null. */
  failing: RetailerFailing | null;
}

/** A shop the alarm finds failing: at least half of at least ten calls in the last hour failed. */
export interface RetailerFailing {
  /** ISO time of the episode's first failed call: since when the shop is failing. */
  since: string;
  /** The most frequent failure of the last judged hour ('blocked', 'parse_failed', 'timeout', 'error'). */
  error: string | null;
  /** The connector's message for it, e.g. "robots.txt of host disallows /path" (English, technical). */
  reason: string | null;
  /** When staff were mailed about this failure; null while the six-hour gap holds the mail back. */
  mailed_at: string | null;
}

export interface RetailerProbe {
  retailer: string;
  query: string;
  fetch: string;
  parse: string;
  offers: number;
  ms: number;
  ok: boolean;
}

export interface RetailerCheckRun {
  at: string;
  source: 'cli' | 'admin';
  ok: boolean;
  results: RetailerProbe[];
}

export interface QueryCount {
  query: string;
  searches: number;
}

/** Over the last 30 days: the most searched queries and those that found no product. */
export interface SearchStats {
  days: number;
  top: QueryCount[];
  no_result: QueryCount[];
}

/** Staff actions in the audit log; staff reads of personal data (users, contact messages) included. */
export const ADMIN_ACTIONS = ['set_plan', 'set_staff', 'run_retailers_check', 'list_users', 'read_messages'] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

export interface AuditEntry {
  id: number;
  at: string;
  actor_email: string;
  action: AdminAction;
  target_email: string | null;
  details: Record<string, unknown>;
}

export interface AdminUsersResponse {
  users: AdminUser[];
}
export interface AdminMessagesResponse {
  messages: AdminMessage[];
}
export interface RetailerHealthResponse {
  since: string;
  retailers: RetailerHealth[];
}
export interface RetailerCheckResponse {
  check: RetailerCheckRun | null;
}
export interface AuditLogResponse {
  entries: AuditEntry[];
}

/** A shop read from its product feed: GET /api/admin/feeds/ (docs/decisions/171, 179). */
export interface AdminFeed {
  retailer: string;
  /** The shop's display name. */
  name: string;
  /** Where the feed is read: a file path, or a URL without its query string (it may hold a key). */
  source: string;
  /** When the live items were read; null before any accepted import. */
  imported_at: string | null;
  /** The last look that found the feed readable or unchanged. */
  checked_at: string | null;
  /** Items of the live import; null before any. */
  items: number | null;
  /** The latest refused import, null when none was ever refused. */
  last_refusal: { at: string; refusal: string; message: string | null } | null;
  /** The latest attempt was refused: the previous feed (if any) is still the live one. */
  refused: boolean;
}

export interface AdminFeedsResponse {
  feeds: AdminFeed[];
}

/** The market store kept warm: GET /api/admin/market/ (docs/decisions/234, 249). */
export interface AdminMarket {
  /** CNKs someone searched, viewed, priced, kept in a Pro group or an alert lately: the refresh job keeps them fresh. */
  wanted: number;
  /** MARKET_FRESH_H: a stored price younger than this is answered without asking the shop. */
  fresh_hours: number;
  /** MARKET_RATE_PER_SHOP: least time between two of the job's requests to one shop, ms. */
  interval_ms: number;
  /** The configured floor: a pass over every wanted CNK at that rate alone, ms. */
  floor_pass_ms: number;
  /**
   * How long a pass over every wanted CNK takes (each shop walked side by side, one request in flight
   * per shop): the slowest shop's pass, each at wanted × max(rate interval, its response time), ms.
   */
  full_pass_ms: number;
  /**
   * Each shop read from its pages (feed shops need no refresh): the wanted CNKs with a fresh price there,
   * its typical (median) response time measured on its latest stored answers (null before any: its pass
   * is then the floor), and its pass, ms.
   */
  shops: Array<{ retailer: string; fresh: number; response_ms: number | null; pass_ms: number }>;
}

export interface AdminMarketResponse {
  /** Null when this server keeps no market store. */
  market: AdminMarket | null;
}

/** What an import of the official catalogue counted (the server's catalogue_state columns bear these names). */
export interface AdminCatalogueCounts {
  packs: number;
  prescription: number;
  gtins: number;
  vmps: number;
  nonmedicinal: number;
  data_errors: number;
}

/** The official catalogue (SAM export) the server runs on: GET /api/admin/catalogue/. */
export interface AdminCatalogue {
  /** The export's number ("demo-…" for the demo export), null when unknown. */
  version: string | null;
  xsd_version: string | null;
  /** YYYY-MM-DD: the day whose data slices were taken as current. */
  reference_date: string;
  source: string;
  demo: boolean;
  /** ISO time of the import and how long it took. */
  imported_at: string;
  import_ms: number;
  counts: AdminCatalogueCounts;
  /** ISO time of the weekly update's last look at the official endpoint. */
  checked_at: string | null;
  /** Public packs per delivery mode code, most packs first, and whether it was read as free delivery. */
  delivery_modes: Array<{
    code: string | null;
    description: { fr: string | null; nl: string | null; en: string | null; de: string | null };
    packs: number;
    free: boolean;
  }>;
  /** The latest refused import since the live one (which stayed): when, why, the importer's message. */
  last_refusal: {
    at: string;
    refusal: 'invalid' | 'too_large' | 'no_pack' | 'no_otc' | 'shrunk' | 'busy';
    message: string;
  } | null;
}

export interface AdminCatalogueResponse {
  /** Null until a catalogue has been imported. */
  catalogue: AdminCatalogue | null;
}
