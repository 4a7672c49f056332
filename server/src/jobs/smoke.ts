// `npm run smoke -- <url>`: checks a deployed instance from outside, as a browser and a monitor
// would see it (docs/deploy.md). Only fetch: it runs anywhere Node runs, against any host.

export interface SmokeCheck {
  name: string;
  ok: boolean;
  detail: string;
}

export interface SmokeOptions {
  /** Check as if the public address were https (HSTS, Secure cookies); by default: the URL's scheme. */
  https?: boolean;
  timeoutMs?: number;
}

const REQUIRED_HEADERS: Record<string, RegExp> = {
  'content-security-policy': /default-src/,
  'x-content-type-options': /^nosniff$/i,
  'referrer-policy': /./,
  'x-frame-options': /^deny$/i,
};

type Fetch = (path: string, init?: RequestInit) => Promise<Response>;

const check = (name: string, ok: boolean, detail: string): SmokeCheck => ({ name, ok, detail });

async function health(get: Fetch): Promise<SmokeCheck> {
  const response = await get('/api/health/');
  const body = (await response.json().catch(() => null)) as { status?: string; version?: string } | null;
  return check(
    'health',
    response.status === 200 && body?.status === 'ok',
    `${response.status} ${body?.status ?? 'no JSON'}${body?.version ? ` (version ${body.version})` : ''}`,
  );
}

async function headers(get: Fetch, https: boolean): Promise<SmokeCheck> {
  const response = await get('/');
  await response.arrayBuffer();
  const expected = { ...REQUIRED_HEADERS, ...(https ? { 'strict-transport-security': /max-age=\d{7,}/ } : {}) };
  const missing = Object.entries(expected)
    .filter(([name, pattern]) => !pattern.test(response.headers.get(name) ?? ''))
    .map(([name]) => name);
  return check(
    'security headers',
    response.status === 200 && missing.length === 0,
    missing.length ? `missing or wrong: ${missing.join(', ')}` : `${Object.keys(expected).length} present`,
  );
}

async function cookies(get: Fetch, https: boolean): Promise<SmokeCheck> {
  const response = await get('/api/auth/csrf/');
  await response.arrayBuffer();
  const set = response.headers.getSetCookie();
  if (set.length === 0) return check('cookies', false, 'no cookie set by /api/auth/csrf/');
  const weak = set.filter((cookie) => !/;\s*samesite=/i.test(cookie) || (https && !/;\s*secure/i.test(cookie)));
  const names = set.map((cookie) => cookie.split('=')[0]).join(', ');
  return check(
    'cookies',
    weak.length === 0,
    weak.length
      ? `${https ? 'not Secure or ' : ''}without SameSite: ${weak.map((c) => c.split('=')[0]).join(', ')}`
      : `${names}: SameSite${https ? ', Secure' : ' (http: Secure needs https)'}`,
  );
}

async function serviceWorker(get: Fetch): Promise<SmokeCheck> {
  const response = await get('/sw.js');
  const type = response.headers.get('content-type') ?? '';
  const cache = response.headers.get('cache-control') ?? '';
  const text = await response.text();
  // A service worker cached for long would keep every visitor on an old release.
  const fresh = !/immutable/.test(cache) && !/max-age=(?!0\b)\d+/.test(cache);
  return check(
    'service worker',
    response.status === 200 && /javascript/.test(type) && text.length > 0 && fresh,
    `${response.status} ${type || 'no type'}, cache-control: ${cache || 'none'}`,
  );
}

async function search(get: Fetch): Promise<SmokeCheck> {
  const started = Date.now();
  const response = await get('/api/search?q=dafalgan', { headers: { Accept: 'application/json' } });
  const body = (await response.json().catch(() => null)) as { products?: unknown[]; retailers?: unknown[] } | null;
  const ok = response.status === 200 && Array.isArray(body?.products);
  return check(
    'search',
    ok,
    ok
      ? `${body!.products!.length} products in ${Date.now() - started} ms`
      : `${response.status}, ${body ? 'no products list' : 'no JSON'}`,
  );
}

/**
 * A search address's page (ADR 180) sends its top at once and its results when the shops answer: a
 * proxy that holds the stream (Caddy 2.6's `encode`, ADR 240) shows the visitor nothing until the end.
 * The top must arrive in the first half of the response's time; a fresh query, so the shops are asked.
 */
async function searchPageStreams(get: Fetch): Promise<SmokeCheck> {
  const started = performance.now();
  const q = encodeURIComponent(`dafalgan ${Date.now().toString(36)}`);
  const response = await get(`/?q=${q}`, { headers: { Accept: 'text/html', 'Accept-Encoding': 'gzip, deflate, br' } });
  if (!response.body || response.status !== 200) {
    await response.arrayBuffer().catch(() => undefined);
    return check('search page streams', false, `${response.status}, no page`);
  }
  const decoder = new TextDecoder();
  let firstMs = Number.NaN;
  let top = '';
  for await (const chunk of response.body) {
    if (Number.isNaN(firstMs)) firstMs = performance.now() - started;
    if (top.length < 2000) top += decoder.decode(chunk as Uint8Array, { stream: true });
  }
  const endMs = performance.now() - started;
  const page = /<html/i.test(top);
  const ok = page && firstMs <= endMs / 2;
  const times = `top at ${Math.round(firstMs)} ms, end at ${Math.round(endMs)} ms`;
  return check(
    'search page streams',
    ok,
    !page ? 'no HTML page' : ok ? times : `${times}: held until the end (a buffering proxy? docs/deploy.md)`,
  );
}

/** Every check in turn; a check that cannot reach the server fails with the reason, the others still run. */
export async function runSmoke(baseUrl: string, options: SmokeOptions = {}): Promise<SmokeCheck[]> {
  const root = baseUrl.replace(/\/+$/, '');
  const https = options.https ?? root.startsWith('https://');
  const get: Fetch = (path, init) =>
    fetch(`${root}${path}`, { redirect: 'manual', signal: AbortSignal.timeout(options.timeoutMs ?? 20_000), ...init });
  const steps: Array<[string, () => Promise<SmokeCheck>]> = [
    ['health', () => health(get)],
    ['security headers', () => headers(get, https)],
    ['cookies', () => cookies(get, https)],
    ['service worker', () => serviceWorker(get)],
    ['search', () => search(get)],
    ['search page streams', () => searchPageStreams(get)],
  ];
  const results: SmokeCheck[] = [];
  for (const [name, step] of steps) {
    results.push(await step().catch((error: unknown) => check(name, false, (error as Error).message)));
  }
  return results;
}
