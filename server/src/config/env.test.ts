import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENV_VARIABLE_NAMES, EnvError, loadEnv } from './env';
import { ENV_VARIABLES } from './env-variables';
import { REPO_ROOT } from './paths';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'pharmaradar-env-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const load = (vars: Record<string, string> = {}) => loadEnv({ DATA_DIR: dataDir, ...vars });

describe('loadEnv', () => {
  it('runs with no configuration at all in demo mode with the documented defaults', () => {
    const env = load();
    expect(env).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://localhost:8080',
      LOG_LEVEL: 'info',
      TRUST_PROXY: false,
      WEB_DIST_DIR: join(REPO_ROOT, 'web/dist'),
      MAIL_OUTBOX_DIR: join(dataDir, 'outbox'),
      CONTACT_TO: 'contact@pharmaradar.be',
      RETAILERS_MODE: 'demo',
      RETAILERS: ['farmaline', 'medimarket', 'multipharma'],
      RETAILER_TIMEOUT_MS: 8000,
      SEARCH_CACHE_TTL_S: 900,
      DEMO_LATENCY_MS: { farmaline: 350, medimarket: 1100, multipharma: 2000 },
      DEMO_FAULTS: {},
      GOOGLE_JWKS_URL: 'https://www.googleapis.com/oauth2/v3/certs',
    });
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.GOOGLE_CLIENT_ID).toBeUndefined();
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('resolves relative directories against the repository root, whatever the working directory', () => {
    expect(load({ WEB_DIST_DIR: 'web/dist' }).WEB_DIST_DIR).toBe(join(REPO_ROOT, 'web/dist'));
    const relative = loadEnv({ DATA_DIR: 'data-test-relative-check', WEB_DIST_DIR: 'x' });
    try {
      expect(relative.DATA_DIR).toBe(join(REPO_ROOT, 'data-test-relative-check'));
    } finally {
      rmSync(relative.DATA_DIR, { recursive: true, force: true });
    }
  });

  it('parses lists and pairs', () => {
    const env = load({
      PORT: '0',
      RETAILERS: ' newpharma , farmaline,farmaline',
      DEMO_LATENCY_MS: 'farmaline:0, multipharma:1500',
      DEMO_FAULTS: 'multipharma:5xx,medimarket:timeout',
      TRUST_PROXY: 'true',
      PUBLIC_URL: 'https://pharmaradar.be/',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
    });
    expect(env.PORT).toBe(0);
    expect(env.RETAILERS).toEqual(['newpharma', 'farmaline']);
    expect(env.DEMO_LATENCY_MS).toEqual({ farmaline: 0, multipharma: 1500 });
    expect(env.DEMO_FAULTS).toEqual({ multipharma: '5xx', medimarket: 'timeout' });
    expect(env.TRUST_PROXY).toBe(true);
    expect(env.PUBLIC_URL).toBe('https://pharmaradar.be');
  });

  it('treats an empty DEMO_LATENCY_MS as "no latency" and other empty values as unset', () => {
    const env = load({ DEMO_LATENCY_MS: '', SMTP_URL: '', PORT: '' });
    expect(env.DEMO_LATENCY_MS).toEqual({});
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.PORT).toBe(8080);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['HOST', 'bad host!'],
    ['PUBLIC_URL', 'ftp://example.com'],
    ['SECRET_KEY', 'too-short'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'maybe'],
    ['SMTP_URL', 'not-a-url'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['MAIL_FROM', 'x'],
    ['CONTACT_TO', 'nobody'],
    ['RETAILERS_MODE', 'foo'],
    ['RETAILERS', 'farmaline,amazon'],
    ['RETAILERS', ' , '],
    ['RETAILER_TIMEOUT_MS', '-5'],
    ['SEARCH_CACHE_TTL_S', '1.5'],
    ['DEMO_LATENCY_MS', 'farmaline=300'],
    ['DEMO_LATENCY_MS', 'farmaline:fast'],
    ['DEMO_FAULTS', 'multipharma:explode'],
    ['FARMALINE_BASE_URL', 'www.farmaline.be'],
    ['MEDIMARKET_BASE_URL', 'javascript:alert(1)'],
    ['MEDIMARKET_PHARMACY_BASE_URL', 'nope'],
    ['MULTIPHARMA_BASE_URL', 'nope'],
    ['NEWPHARMA_BASE_URL', 'nope'],
    ['GOOGLE_JWKS_URL', 'file:///etc/passwd'],
    ['AD_NETWORK_SCRIPT_URL', 'http://ads.example.com/loader.js'],
    ['AD_NETWORK_SCRIPT_URL', 'javascript:alert(1)'],
    ['AD_CLIENT_ID', 'pub 1"><script>'],
    ['AD_CLIENT_ID', 'ca-pub-1234'],
    ['PRO_PULL_EVERY_S', '1'],
    ['PRO_PULL_EVERY_S', '2.5'],
  ])('refuses %s=%j with a message naming the variable', (name, value) => {
    const attempt = () => load({ [name]: value });
    expect(attempt).toThrow(EnvError);
    expect(attempt).toThrow(new RegExp(`\\b${name}:`));
  });

  it('refuses half a Stripe configuration, naming the missing variables', () => {
    const attempt = () => load({ STRIPE_SECRET_KEY: 'sk_test_x' });
    expect(attempt).toThrow(/STRIPE_WEBHOOK_SECRET:/);
    expect(attempt).toThrow(/STRIPE_PRICE_PRO_MONTHLY:/);
    const full = load({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_PRO_MONTHLY: 'price_x',
    });
    expect(full.STRIPE_PRICE_PRO_MONTHLY).toBe('price_x');
  });

  it('names every bad variable at once and does not echo secret values', () => {
    let message = '';
    try {
      load({ PORT: 'abc', RETAILERS_MODE: 'foo', SMTP_URL: 'not-a-url', SECRET_KEY: 'hunter2-short' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/PORT:/);
    expect(message).toMatch(/RETAILERS_MODE:/);
    expect(message).toMatch(/SMTP_URL:/);
    expect(message).toMatch(/SECRET_KEY:/);
    expect(message).not.toContain('hunter2-short');
  });

  it('generates SECRET_KEY once into DATA_DIR/secret.key (mode 0600) and reuses it', () => {
    const first = load();
    const file = join(dataDir, 'secret.key');
    expect(first.SECRET_KEY).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(load().SECRET_KEY).toBe(first.SECRET_KEY);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.SECRET_KEY);
  });

  it('prefers a given SECRET_KEY and refuses a damaged key file', () => {
    const key = 'k'.repeat(40);
    expect(load({ SECRET_KEY: key }).SECRET_KEY).toBe(key);
    writeFileSync(join(dataDir, 'secret.key'), 'short\n');
    expect(() => load()).toThrow(/SECRET_KEY:/);
  });

  it('reads the backup settings, BACKUP_DIR under DATA_DIR by default, and keeps backups 30 days at most', () => {
    expect(load()).toMatchObject({ BACKUP_INTERVAL_H: 24, BACKUP_DIR: join(dataDir, 'backups'), BACKUP_KEEP_DAYS: 30 });
    expect(load({ BACKUP_INTERVAL_H: '0', BACKUP_KEEP_DAYS: '7', BACKUP_DIR: 'bk' })).toMatchObject({
      BACKUP_INTERVAL_H: 0,
      BACKUP_KEEP_DAYS: 7,
      BACKUP_DIR: join(REPO_ROOT, 'bk'),
    });
    expect(() => load({ BACKUP_KEEP_DAYS: '31' })).toThrow(/BACKUP_KEEP_DAYS: must be a whole number between 1 and 30/);
    expect(() => load({ BACKUP_INTERVAL_H: 'daily' })).toThrow(/BACKUP_INTERVAL_H:/);
  });

  it('reads PRICE_HISTORY_DAYS (400 by default) and refuses a retention too short for the prior-price rule', () => {
    expect(load().PRICE_HISTORY_DAYS).toBe(400);
    expect(load({ PRICE_HISTORY_DAYS: '90' }).PRICE_HISTORY_DAYS).toBe(90);
    expect(() => load({ PRICE_HISTORY_DAYS: '30' })).toThrow(
      /PRICE_HISTORY_DAYS: must be a whole number between 60 and 3650/,
    );
    expect(() => load({ PRICE_HISTORY_DAYS: 'a year' })).toThrow(/PRICE_HISTORY_DAYS:/);
  });

  it('reads the product feeds, their column maps, their refresh and the link templates', () => {
    const env = load({
      RETAILERS: 'farmaline,newpharma',
      RETAILER_FEEDS: 'newpharma=https://feeds.example.com/np.xml?cols=a,b, farmaline=/srv/feeds/farmaline.tsv',
      RETAILER_FEED_COLUMNS: 'newpharma=/etc/pharmaradar/np-columns.json',
      FEED_REFRESH_H: '12',
      RETAILER_LINK_TEMPLATES: 'newpharma=https://track.example.net/c?m=42&u={url}',
    });
    expect(env.RETAILER_FEEDS).toEqual({
      newpharma: 'https://feeds.example.com/np.xml?cols=a,b',
      farmaline: '/srv/feeds/farmaline.tsv',
    });
    expect(env.RETAILER_FEED_COLUMNS).toEqual({ newpharma: '/etc/pharmaradar/np-columns.json' });
    expect(env.FEED_REFRESH_H).toBe(12);
    expect(env.RETAILER_LINK_TEMPLATES).toEqual({ newpharma: 'https://track.example.net/c?m=42&u={url}' });
    expect(load()).toMatchObject({ RETAILER_FEEDS: {}, FEED_REFRESH_H: 6, RETAILER_LINK_TEMPLATES: {} });
  });

  it.each([
    ['RETAILER_FEEDS', 'newpharma=http://feeds.example.com/np.xml'],
    ['RETAILER_FEEDS', 'newpharma=feeds/np.xml'],
    ['RETAILER_FEEDS', 'nowhere=/srv/np.xml'],
    ['RETAILER_FEEDS', 'newpharma=/srv/np.xml'],
    ['RETAILER_FEED_COLUMNS', 'newpharma=columns.json'],
    ['FEED_REFRESH_H', '0'],
    ['RETAILER_LINK_TEMPLATES', 'newpharma=https://track.example.net/c'],
    ['RETAILER_LINK_TEMPLATES', 'newpharma=http://track.example.net/c?u={url}'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    expect(() => load({ [name]: value })).toThrow(new RegExp(`\\b${name}:`));
  });

  it('runs one server process in development and every core in production, unless WEB_CONCURRENCY says', () => {
    expect(load().WEB_CONCURRENCY).toBe(1);
    expect(load({ NODE_ENV: 'production' }).WEB_CONCURRENCY).toBe(availableParallelism());
    expect(load({ NODE_ENV: 'production', WEB_CONCURRENCY: '3' }).WEB_CONCURRENCY).toBe(3);
    expect(load({ WEB_CONCURRENCY: '2' }).WEB_CONCURRENCY).toBe(2);
    for (const bad of ['0', '65', 'max', '1.5']) {
      expect(() => load({ WEB_CONCURRENCY: bad }), bad).toThrow(
        /WEB_CONCURRENCY: must be a whole number between 1 and 64/,
      );
    }
  });

  it('documents exactly the variables the schema reads', () => {
    const documented = ENV_VARIABLES.map((v) => v.name).sort();
    expect(documented).toEqual([...ENV_VARIABLE_NAMES].sort());
    expect(Object.keys(load()).every((key) => ENV_VARIABLE_NAMES.includes(key))).toBe(true);
  });
});
