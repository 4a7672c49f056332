/** Test HTTP client: real fetch against a running server, a cookie jar, and automatic CSRF. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface TestResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON body when the answer is JSON, else undefined. */
  body: Json;
  text: string;
  /** Raw Set-Cookie header lines. */
  setCookies: string[];
}

export interface RequestOptions {
  /** JSON-encoded unless a string (sent as is). */
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * CSRF header for unsafe methods: 'auto' (default) fetches a token when the jar has none and sends
   * it; false omits the header; a string is sent as the header value instead (forgery tests).
   */
  csrf?: 'auto' | false | string;
  /** Replaces the Cookie header built from the jar (cookie-tossing tests). */
  cookieHeader?: string;
  /** Accept-Language to send (default none, i.e. French answers). */
  lang?: string;
}

export interface TestClient {
  readonly baseUrl: string;
  /** The cookie jar (name -> value); tests may read or set entries. */
  readonly cookies: Map<string, string>;
  csrf(): Promise<string>;
  request(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
  get(path: string, options?: RequestOptions): Promise<TestResponse>;
  post(path: string, body?: unknown, options?: RequestOptions): Promise<TestResponse>;
  put(path: string, body?: unknown, options?: RequestOptions): Promise<TestResponse>;
  patch(path: string, body?: unknown, options?: RequestOptions): Promise<TestResponse>;
  delete(path: string, options?: RequestOptions): Promise<TestResponse>;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function storeCookies(jar: Map<string, string>, lines: string[]): void {
  for (const line of lines) {
    const [pair = '', ...attributes] = line.split(';');
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attributes.some((a) => {
      const [key = '', val = ''] = a.trim().split('=');
      if (key.toLowerCase() === 'max-age') return Number(val) <= 0;
      if (key.toLowerCase() === 'expires') return Date.parse(val) <= Date.now();
      return false;
    });
    if (expired) jar.delete(name);
    else jar.set(name, value);
  }
}

export function createTestClient(baseUrl: string): TestClient {
  const cookies = new Map<string, string>();

  const send = async (method: string, path: string, options: RequestOptions = {}): Promise<TestResponse> => {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (options.lang) headers['Accept-Language'] = options.lang;
    if (options.body !== undefined) {
      headers['Content-Type'] ??= 'application/json';
    }
    if (UNSAFE.has(method.toUpperCase()) && options.csrf !== false) {
      if (typeof options.csrf === 'string') headers['X-CSRFToken'] = options.csrf;
      else
        headers['X-CSRFToken'] =
          cookies.get('__Host-pe_csrftoken') ?? cookies.get('pe_csrftoken') ?? (await client.csrf());
    }
    const cookieHeader = options.cookieHeader ?? [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (cookieHeader) headers.Cookie = cookieHeader;
    const response = await fetch(new URL(path, baseUrl), {
      method,
      headers,
      body:
        options.body === undefined
          ? undefined
          : typeof options.body === 'string'
            ? options.body
            : JSON.stringify(options.body),
      redirect: 'manual',
    });
    const setCookies = response.headers.getSetCookie();
    storeCookies(cookies, setCookies);
    const text = await response.text();
    let body: Json;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) body = JSON.parse(text);
    return { status: response.status, headers: response.headers, body, text, setCookies };
  };

  const client: TestClient = {
    baseUrl,
    cookies,
    async csrf() {
      const res = await send('GET', '/api/auth/csrf/');
      if (res.status !== 200 || typeof res.body?.csrfToken !== 'string') {
        throw new Error(`GET /api/auth/csrf/ answered ${res.status}: ${res.text}`);
      }
      return res.body.csrfToken as string;
    },
    request: send,
    get: (path, options) => send('GET', path, options),
    post: (path, body, options) => send('POST', path, { ...options, body }),
    put: (path, body, options) => send('PUT', path, { ...options, body }),
    patch: (path, body, options) => send('PATCH', path, { ...options, body }),
    delete: (path, options) => send('DELETE', path, options),
  };
  return client;
}
