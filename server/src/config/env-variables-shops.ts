import { z } from 'zod';
import { DEMO_FAULT_KINDS } from './demo-faults';
import {
  assignmentList,
  displayName,
  feedSource,
  httpUrl,
  integer,
  boolean,
  linkTemplate,
  pairList,
  retailerId,
  shippingTerms,
  type RetailerId,
} from './env-values';
import { variable } from './env-variable';

/** Shipping terms the basket uses when RETAILER_SHIPPING does not say (made-up demo values, ADR 112). */
export const DEFAULT_SHIPPING: Record<RetailerId, { cost: number; freeFrom: number | null }> = {
  farmaline: { cost: 4.95, freeFrom: 39 },
  medimarket: { cost: 5.95, freeFrom: 49 },
  multipharma: { cost: 4.5, freeFrom: 35 },
  newpharma: { cost: 4.95, freeFrom: 39 },
};

/** A feed-only shop whose terms RETAILER_SHIPPING does not give: the dearest default, never free. */
export const UNKNOWN_SHOP_SHIPPING = { cost: 5.95, freeFrom: null } as const;

/** The shops searched, and demo mode's shops (env-variables.ts lists every variable). */
export const SHOP_VARIABLES = {
  RETAILERS_MODE: variable(
    z.enum(['demo', 'live'], { error: 'must be demo or live' }).default('demo'),
    'demo',
    'demo = embedded demo retailer sites (works offline, prices marked demo); live = the real retailer sites.',
  ),
  RETAILERS: variable(
    z
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
    'farmaline,medimarket,multipharma',
    'Comma-separated retailers to search (farmaline, medimarket, multipharma, newpharma).',
  ),
  RETAILER_TIMEOUT_MS: variable(
    integer(100, 120_000).default(8000),
    '8000',
    'Time limit for one retailer fetch, in milliseconds.',
  ),
  SEARCH_CACHE_TTL_S: variable(
    integer(0, 7 * 24 * 3600).default(900),
    '900',
    'How long search results per retailer stay cached, in seconds.',
  ),
  SEARCH_RATE_LIMIT_PER_MIN: variable(
    integer(1, 1_000_000).default(30),
    '30',
    'Price searches one client (IP address) may start per minute; each one fans out to every retailer.',
  ),
  RETAILER_SHIPPING: variable(
    pairList(shippingTerms, 'retailer:cost/freeFrom').default(() => DEFAULT_SHIPPING),
    'farmaline:4.95/39,medimarket:5.95/49,multipharma:4.5/35,newpharma:4.95/39',
    'Basket: delivery cost and free-shipping threshold per retailer (retailer:cost/freeFrom in EUR; cost alone = never free); unnamed retailers keep the demo values.',
  ),
  DEMO_LATENCY_MS: variable(
    pairList(integer(0, 120_000), 'retailer:milliseconds').default(() => ({
      farmaline: 350,
      medimarket: 1100,
      multipharma: 2000,
    })),
    'farmaline:350,medimarket:1100,multipharma:2000',
    'Demo mode: added latency per demo retailer (retailer:ms, comma-separated; empty = none).',
  ),
  // Off pins the demo shops to their catalogue prices (journeys that check exact totals).
  DEMO_PRICES_MOVE: variable(
    boolean.default(true),
    'true',
    'Demo mode: the demo shops move their prices by up to ±10 % from day to day, so price alerts fire; false keeps the catalogue prices.',
  ),
  // Off unless asked for: the demo clock is a staff tool of a demo, never of a public site (ADR 122).
  DEMO_CONTROLS: variable(
    boolean.default(false),
    'false',
    'Demo mode: true serves /__demo/clock to staff members, whose button moves the demo prices a day on and runs the price alert checks now (ADR 117, 122).',
  ),
  DEMO_FAULTS: variable(
    pairList(z.enum(DEMO_FAULT_KINDS), `retailer:${DEMO_FAULT_KINDS.join('|')}`).default(() => ({})),
    '(none)',
    `Demo mode: injected fault per demo retailer (retailer:${DEMO_FAULT_KINDS.join('|')}, comma-separated).`,
  ),
  FARMALINE_BASE_URL: variable(
    httpUrl.optional(),
    '(connector default)',
    'Overrides the Farmaline base URL (demo mode points it at the embedded demo site).',
  ),
  MEDIMARKET_BASE_URL: variable(httpUrl.optional(), '(connector default)', 'Overrides the Medi-Market base URL.'),
  MEDIMARKET_PHARMACY_BASE_URL: variable(
    httpUrl.optional(),
    '(connector default)',
    'Overrides the Medi-Market pharmacy (medicines) site base URL.',
  ),
  MULTIPHARMA_BASE_URL: variable(httpUrl.optional(), '(connector default)', 'Overrides the Multipharma base URL.'),
  NEWPHARMA_BASE_URL: variable(httpUrl.optional(), '(connector default)', 'Overrides the Newpharma base URL.'),
};

/** The official catalogue and the shops read from their product feeds. */
export const FEED_VARIABLES = {
  // Live mode: days between looks at the official catalogue's latest version (0 = off; ADR 153).
  CATALOGUE_UPDATE_DAYS: variable(
    integer(0, 365).default(7),
    '7',
    'Live mode: days between looks at the official SAM catalogue; a newer export is downloaded and imported (0 turns it off).',
  ),
  CATALOGUE_SOURCE_URL: variable(
    httpUrl.default('https://www.vas.ehealth.fgov.be/websamcivics/samcivics/download'),
    'https://www.vas.ehealth.fgov.be/websamcivics/samcivics/download',
    'Base URL of the SAM download service (samv2-full-getLastVersion, samv2-download).',
  ),
  // Shops read from their product feed instead of their pages (docs/decisions/170, 171).
  RETAILER_FEEDS: variable(
    assignmentList(feedSource, 'retailer=https URL or /absolute/path').default(() => ({})),
    '(none)',
    'Shops read from their product feed instead of their pages: retailer=https URL or absolute file path, comma-separated (Google Merchant RSS 2.0 or Atom, TSV or CSV with a header).',
  ),
  RETAILER_FEED_COLUMNS: variable(
    assignmentList(
      z.string().refine((v) => v.startsWith('/') && v.endsWith('.json'), { error: 'must be an absolute .json path' }),
      'retailer=/absolute/path/columns.json',
    ).default(() => ({})),
    '(none)',
    "Column names of an affiliate network's CSV feed: retailer=/absolute/path/columns.json, comma-separated (a JSON object from id, title, link, price... to the feed's column names).",
  ),
  FEED_REFRESH_H: variable(
    integer(1, 168).default(6),
    '6',
    'Hours between imports of each product feed (1 to 168); a feed older than that is imported at start.',
  ),
  RETAILER_LINK_TEMPLATES: variable(
    assignmentList(linkTemplate, 'retailer=https://…{url}…').default(() => ({})),
    '(none)',
    "Affiliate links: retailer=https://…{url}…, comma-separated; the shop's offer links go through it ({url} URL-encoded).",
  ),
  // Display names of shops read only from a feed (required for them; a page shop's name may be overridden).
  RETAILER_NAMES: variable(
    assignmentList(displayName, 'retailer=Display name').default(() => ({})),
    '(none)',
    'Display names of shops read from a feed: retailer=Name, comma-separated; required for a shop with no page connector (its id: lowercase letters, digits, dashes).',
  ),
};
