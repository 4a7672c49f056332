/**
 * Every configuration variable with its default and a one-line description. This list is the source
 * of the README configuration table; keep it in step with the zod schema in env.ts (a test checks).
 */
export interface EnvVariableDoc {
  name: string;
  default: string;
  description: string;
}

export const ENV_VARIABLES: readonly EnvVariableDoc[] = [
  { name: 'PORT', default: '8080', description: 'TCP port the web app and API listen on (0 = any free port).' },
  {
    name: 'HOST',
    default: '0.0.0.0',
    description: 'Interface to listen on (127.0.0.1 to accept local connections only).',
  },
  {
    name: 'DATA_DIR',
    default: './data',
    description:
      'Directory for the SQLite database, the generated secret key and the mail outbox (relative to the repository root).',
  },
  {
    name: 'PUBLIC_URL',
    default: 'http://localhost:<PORT>',
    description:
      'Public origin users reach the app at; used in e-mail links, and https turns on Secure / __Host- cookies.',
  },
  {
    name: 'SECRET_KEY',
    default: 'generated into DATA_DIR/secret.key',
    description:
      'Server secret (>= 32 characters) for CSRF tokens and signed links; generated once and kept when absent.',
  },
  { name: 'LOG_LEVEL', default: 'info', description: 'Log verbosity: debug, info, warn, error or silent.' },
  {
    name: 'LOG_FORMAT',
    default: 'json when NODE_ENV=production, else text',
    description:
      'json: one JSON object per line (time, level, message, request id, method, path, status, duration) for a log collector; text: readable lines.',
  },
  {
    name: 'WEB_CONCURRENCY',
    default: 'number of cores when NODE_ENV=production, else 1',
    description:
      'Server processes sharing the port (1 to 64); above 1 they share limits, coalescing and jobs through SQLite.',
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description:
      'true when behind one reverse proxy: rate limits then key on the last X-Forwarded-For hop instead of the socket address.',
  },
  {
    name: 'REGISTER_ANSWER_MS',
    default: '300',
    description:
      'The register answer goes out no sooner than this many ms after the request: its time tells nothing of the address.',
  },
  {
    name: 'WEB_DIST_DIR',
    default: '<repo>/web/dist',
    description: 'Built web app served as static files (npm start builds it when missing).',
  },
  {
    name: 'SMTP_URL',
    default: '(none)',
    description:
      'smtp:// or smtps:// URL (credentials included) to send e-mail; without it mails are written as .eml files to MAIL_OUTBOX_DIR.',
  },
  {
    name: 'MAIL_FROM',
    default: 'PharmaRadar <no-reply@pharmaradar.be>',
    description: 'From address of every e-mail the app sends.',
  },
  { name: 'MAIL_OUTBOX_DIR', default: 'DATA_DIR/outbox', description: 'Where .eml files go when SMTP_URL is not set.' },
  { name: 'CONTACT_TO', default: 'contact@pharmaradar.be', description: 'Recipient of contact-form messages.' },
  {
    name: 'RETAILERS_MODE',
    default: 'demo',
    description:
      'demo = embedded demo retailer sites (works offline, prices marked demo); live = the real retailer sites.',
  },
  {
    name: 'RETAILERS',
    default: 'farmaline,medimarket,multipharma',
    description: 'Comma-separated retailers to search (farmaline, medimarket, multipharma, newpharma).',
  },
  { name: 'RETAILER_TIMEOUT_MS', default: '8000', description: 'Time limit for one retailer fetch, in milliseconds.' },
  {
    name: 'SEARCH_CACHE_TTL_S',
    default: '900',
    description: 'How long search results per retailer stay cached, in seconds.',
  },
  {
    name: 'SEARCH_RATE_LIMIT_PER_MIN',
    default: '30',
    description: 'Price searches one client (IP address) may start per minute; each one fans out to every retailer.',
  },
  {
    name: 'RETAILER_SHIPPING',
    default: 'farmaline:4.95/39,medimarket:5.95/49,multipharma:4.5/35,newpharma:4.95/39',
    description:
      'Basket: delivery cost and free-shipping threshold per retailer (retailer:cost/freeFrom in EUR; cost alone = never free); unnamed retailers keep the demo values.',
  },
  {
    name: 'DEMO_LATENCY_MS',
    default: 'farmaline:350,medimarket:1100,multipharma:2000',
    description: 'Demo mode: added latency per demo retailer (retailer:ms, comma-separated; empty = none).',
  },
  {
    name: 'DEMO_PRICES_MOVE',
    default: 'true',
    description:
      'Demo mode: the demo shops move their prices by up to ±10 % from day to day, so price alerts fire; false keeps the catalogue prices.',
  },
  {
    name: 'DEMO_CONTROLS',
    default: 'false',
    description:
      'Demo mode: true serves /__demo/clock to staff members, whose button moves the demo prices a day on and runs the price alert checks now (ADR 117, 122).',
  },
  {
    name: 'DEMO_FAULTS',
    default: '(none)',
    description:
      'Demo mode: injected fault per demo retailer (retailer:slow|5xx|403|garbage|timeout|429, comma-separated).',
  },
  {
    name: 'FARMALINE_BASE_URL',
    default: '(connector default)',
    description: 'Overrides the Farmaline base URL (demo mode points it at the embedded demo site).',
  },
  { name: 'MEDIMARKET_BASE_URL', default: '(connector default)', description: 'Overrides the Medi-Market base URL.' },
  {
    name: 'MEDIMARKET_PHARMACY_BASE_URL',
    default: '(connector default)',
    description: 'Overrides the Medi-Market pharmacy (medicines) site base URL.',
  },
  { name: 'MULTIPHARMA_BASE_URL', default: '(connector default)', description: 'Overrides the Multipharma base URL.' },
  { name: 'NEWPHARMA_BASE_URL', default: '(connector default)', description: 'Overrides the Newpharma base URL.' },
  {
    name: 'GOOGLE_CLIENT_ID',
    default: '(none)',
    description: 'Google OAuth web client id; Google sign-in is shown only when set.',
  },
  {
    name: 'GOOGLE_JWKS_URL',
    default: 'https://www.googleapis.com/oauth2/v3/certs',
    description: 'Where Google ID-token signing keys are fetched (tests point it at a local server).',
  },
  {
    name: 'STRIPE_SECRET_KEY',
    default: '(none)',
    description: 'Stripe secret API key; without the three STRIPE_* values a local test checkout stands in.',
  },
  {
    name: 'STRIPE_WEBHOOK_SECRET',
    default: '(none)',
    description: 'Signing secret of the Stripe webhook endpoint (/api/billing/webhook/).',
  },
  {
    name: 'STRIPE_PRICE_PRO_MONTHLY',
    default: '(none)',
    description: 'Stripe price id of the monthly Pro subscription.',
  },
  {
    name: 'BILLING_TEST_CHECKOUT',
    default: 'false',
    description:
      'Live mode: true starts without the STRIPE_* values, with the local test checkout (anyone becomes Pro with the test card; logged as a warning). Without it live mode refuses to start (ADR 123).',
  },
  {
    name: 'BACKUP_INTERVAL_H',
    default: '24',
    description:
      'Hours between online backups of the database (the first one at start-up when the newest is older); 0 turns scheduled backups off.',
  },
  {
    name: 'BACKUP_DIR',
    default: 'DATA_DIR/backups',
    description: 'Where backups (and databases replaced by a restore) go.',
  },
  {
    name: 'BACKUP_KEEP_DAYS',
    default: '30',
    description: 'Days a backup is kept before rotation deletes it (1 to 30: backups also hold purged accounts).',
  },
  {
    name: 'ALERTS_CHECK_INTERVAL_MIN',
    default: '30',
    description: 'Minutes between re-checks of the products that have price alerts (0 turns the job off).',
  },
  {
    name: 'ALERTS_CHECKS_PER_HOUR',
    default: '60',
    description: 'Products the price alerts re-check per hour at most (each asks every retailer once at most).',
  },
  {
    name: 'MAP_TILES_URL',
    default: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    description:
      'Raster tile URL template of the nearby map ({z}/{x}/{y}, optional {s}; {key} is replaced by MAP_TILES_KEY).',
  },
  {
    name: 'MAP_TILES_ATTRIBUTION',
    default: '© OpenStreetMap contributors',
    description: 'Attribution shown on the map for the tile provider (required by the provider).',
  },
  {
    name: 'MAP_TILES_KEY',
    default: '(none)',
    description: 'API key of the tile provider when its URL has {key}; missing, the map says the maps key is missing.',
  },
  {
    name: 'NEARBY_RADIUS_KM',
    default: '5',
    description: 'Default radius of the nearby pharmacies answer, in km (2, 5, 10 or 25).',
  },
  {
    name: 'AD_NETWORK_SCRIPT_URL',
    default: '(none)',
    description:
      'Loader script of an ad network (https); when set, visitors and free users get its ads in the ad slot and its origin is allowed by the CSP. Without it the slot shows a house ad for Pro.',
  },
  {
    name: 'AD_CLIENT_ID',
    default: '(none)',
    description: 'Publisher id the ad network expects (given to its script and ad units); needs AD_NETWORK_SCRIPT_URL.',
  },
  {
    name: 'PRICE_HISTORY_DAYS',
    default: '400',
    description: 'Days of price history kept (60 to 3650); older daily points are purged at start-up and daily.',
  },
  {
    name: 'CATALOGUE_UPDATE_DAYS',
    default: '7',
    description:
      'Live mode: days between looks at the official SAM catalogue; a newer export is downloaded and imported (0 turns it off).',
  },
  {
    name: 'CATALOGUE_SOURCE_URL',
    default: 'https://www.vas.ehealth.fgov.be/websamcivics/samcivics/download',
    description: 'Base URL of the SAM download service (samv2-full-getLastVersion, samv2-download).',
  },
  {
    name: 'RETAILER_FEEDS',
    default: '(none)',
    description:
      'Shops read from their product feed instead of their pages: retailer=https URL or absolute file path, comma-separated (Google Merchant RSS 2.0 or Atom, TSV or CSV with a header).',
  },
  {
    name: 'RETAILER_FEED_COLUMNS',
    default: '(none)',
    description:
      "Column names of an affiliate network's CSV feed: retailer=/absolute/path/columns.json, comma-separated (a JSON object from id, title, link, price... to the feed's column names).",
  },
  {
    name: 'FEED_REFRESH_H',
    default: '6',
    description: 'Hours between imports of each product feed (1 to 168); a feed older than that is imported at start.',
  },
  {
    name: 'RETAILER_LINK_TEMPLATES',
    default: '(none)',
    description:
      "Affiliate links: retailer=https://…{url}…, comma-separated; the shop's offer links go through it ({url} URL-encoded).",
  },
  {
    name: 'RETAILER_NAMES',
    default: '(none)',
    description:
      'Display names of shops read from a feed: retailer=Name, comma-separated; required for a shop with no page connector (its id: lowercase letters, digits, dashes).',
  },
];
