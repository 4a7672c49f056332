import { createConcurrencyLimit, type ConcurrencyLimit } from '@pharmaradar/shared/concurrency-limit';
import http from 'node:http';
import https from 'node:https';
import { RetailerError } from '../types';
import { addressCheckedLookup, assertFetchable, validateBaseUrl } from './fetch-address-policy';
import { readCappedBody, decodeText, saveCappedBody } from './read-body';
import { abortFailure, parseRetryAfter } from './fetch-errors';
import { systemResolver, type Resolver } from './resolver';
import { createRobotsCheck, ROBOTS_TOKEN } from './robots-check';

// Fetching retailer pages politely and safely (docs/architecture.md#price-engine,
// docs/security.md#outbound-fetches-ssrf).
// Built on node:http/https rather than global fetch: Node's fetch (undici) ignores http.Agent and the
// `undici` package is not a direct dependency, while http.request takes a `lookup` hook that runs at
// connect time, which is where the address policy must be enforced (DNS rebinding).

export const DEFAULT_USER_AGENT = `${ROBOTS_TOKEN}/1.0 (+https://pharmaradar.be/contact)`;

/** The User-Agent: the product and a contact page on the public site (docs/decisions/135). */
export function userAgentFor(publicUrl: string): string {
  return `${ROBOTS_TOKEN}/1.0 (+${publicUrl.replace(/\/+$/, '')}/contact)`;
}

/**
 * Requests in flight to one retailer host at once, unless a fetcher is told otherwise; the search
 * lets as many of its searches reach a shop at once (ADR 143, 188).
 */
export const PER_HOST_CONCURRENCY = 2;

export type PoliteFetcherOptions = {
  /** Base URLs whose origins (scheme + host + port) are the only ones ever fetched. */
  allowedBaseUrls: string[];
  /** Hard timeout per get(), redirects included. */
  timeoutMs: number;
  /** Demo/test mode only: allow loopback/private addresses (the demo sites listen on 127.0.0.1). */
  allowPrivateHosts: boolean;
  userAgent?: string;
  maxBytes?: number;
  perHostConcurrency?: number;
  /** Cool-down after a 403/429 without a usable Retry-After. */
  defaultCooldownMs?: number;
  maxCooldownMs?: number;
  maxRedirects?: number;
  acceptLanguage?: string;
  /**
   * Read each origin's robots.txt (once per ROBOTS_TTL_MS) and refuse the paths it disallows for
   * ROBOTS_TOKEN with RetailerError('blocked'). The connectors turn it on (registry.ts).
   */
  robots?: boolean;
  /** Called with every page get() resolves with (the check command saves them). */
  onPage?: (page: FetchedPage) => void;
  /** Test seam for DNS; defaults to dns.lookup (the OS resolver). */
  resolve?: Resolver;
  now?: () => number;
};

export type FetchedPage = {
  status: number;
  url: string;
  body: string;
  contentType: string | null;
  /** download() only: the validators of the answer, for the next conditional GET (product feeds). */
  etag?: string | null;
  lastModified?: string | null;
};

/** What a conditional GET sends back (If-None-Match, If-Modified-Since). */
export type Validators = { etag?: string | null; lastModified?: string | null };

export interface PoliteFetcher {
  /** GET a page. Resolves for 2xx and for 404/410 (a "no results" answer on some shops); else throws RetailerError. */
  get(url: string, signal: AbortSignal): Promise<FetchedPage>;
  /**
   * GET a file into `file`, streamed and capped at maxBytes like a page (the official catalogue's ZIP).
   * Only a 2xx answer is saved; anything else throws RetailerError. The page's body is empty. With
   * validators the GET is conditional: a 304 answer resolves with status 304 and saves nothing.
   */
  download(url: string, signal: AbortSignal, file: string, validators?: Validators): Promise<FetchedPage>;
  /** Host (host:port) -> epoch ms until which it is considered blocked. */
  coolingDown(): Map<string, number>;
  close(): void;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const PASS_THROUGH_STATUSES = new Set([404, 410]);

export function createPoliteFetcher(options: PoliteFetcherOptions): PoliteFetcher {
  const allowedOrigins = new Set(options.allowedBaseUrls.map((base) => validateBaseUrl(base).origin));
  const maxBytes = options.maxBytes ?? 2 * 1024 * 1024;
  const perHost = options.perHostConcurrency ?? PER_HOST_CONCURRENCY;
  const defaultCooldownMs = options.defaultCooldownMs ?? 60_000;
  const maxCooldownMs = options.maxCooldownMs ?? 15 * 60_000;
  const maxRedirects = options.maxRedirects ?? 3;
  const now = options.now ?? Date.now;
  const resolve = options.resolve ?? systemResolver;
  const headers = {
    'user-agent': options.userAgent ?? DEFAULT_USER_AGENT,
    accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8',
    'accept-language': options.acceptLanguage ?? 'fr-BE,fr;q=0.9,nl-BE;q=0.8,en;q=0.5',
    'accept-encoding': 'gzip, deflate, br',
  };
  const hostLimits = new Map<string, ConcurrencyLimit>();
  const cooldown = new Map<string, number>();
  // Own agents so pooled sockets are never shared with code using another address policy. The host
  // limit bounds the requests in flight; the agent keeps no queue of its own (maxSockets unset): an
  // aborted request's socket is counted until it closes, a tick or more later, and a request handed
  // its slot meanwhile would wait there, out of every turn, until its deadline (ADR 188).
  const agentOptions = { keepAlive: true, maxFreeSockets: perHost };
  const httpAgent = new http.Agent(agentOptions);
  const httpsAgent = new https.Agent(agentOptions);

  const checkedLookup = addressCheckedLookup(resolve, options.allowPrivateHosts);
  const assertRobotsAllow = createRobotsCheck({
    enabled: options.robots,
    now,
    read: (url, signal) => follow(url, signal, true),
  });

  /** At most perHost requests in flight to one retailer host; the others wait in order (ADR 143). */
  function limitFor(host: string): ConcurrencyLimit {
    let limit = hostLimits.get(host);
    if (!limit) hostLimits.set(host, (limit = createConcurrencyLimit(perHost)));
    return limit;
  }

  function assertNotCooling(host: string): void {
    const until = cooldown.get(host);
    if (until === undefined) return;
    if (until > now()) throw new RetailerError('blocked', `${host} is cooling down after a block`);
    cooldown.delete(host);
  }

  type Hop = { kind: 'page'; page: FetchedPage } | { kind: 'redirect'; location: string | undefined };

  /**
   * One request once the host has a free slot; a request whose signal aborts while it waits leaves the
   * queue and never takes one. any: every status is a page (robots.txt: a 4xx means "no rules"), 403/429
   * still block.
   */
  function fetchOnce(url: URL, signal: AbortSignal, any = false, saveTo?: string, validators?: Validators) {
    return limitFor(url.host)(() => exchange(url, signal, any, saveTo, validators), signal);
  }

  async function exchange(
    url: URL,
    signal: AbortSignal,
    any: boolean,
    saveTo?: string,
    validators?: Validators,
  ): Promise<Hop> {
    const conditional = {
      ...(validators?.etag ? { 'if-none-match': validators.etag } : {}),
      ...(validators?.lastModified ? { 'if-modified-since': validators.lastModified } : {}),
    };
    const res = await new Promise<http.IncomingMessage>((resolveRes, reject) => {
      const transport = url.protocol === 'https:' ? https : http;
      const req = transport.request(url, {
        method: 'GET',
        headers: { ...headers, ...conditional },
        signal,
        agent: url.protocol === 'https:' ? httpsAgent : httpAgent,
        lookup: checkedLookup,
      });
      req.once('response', resolveRes);
      // on, not once: a late socket error after the response must not become an unhandled 'error' event.
      req.on('error', reject);
      req.end();
    });
    const status = res.statusCode ?? 0;
    if (REDIRECT_STATUSES.has(status)) {
      res.resume();
      return { kind: 'redirect', location: res.headers.location };
    }
    if (status === 403 || status === 429) {
      res.resume();
      const waitMs = parseRetryAfter(res.headers['retry-after'], now()) ?? defaultCooldownMs;
      cooldown.set(url.host, now() + Math.min(Math.max(waitMs, 1000), maxCooldownMs));
      throw new RetailerError('blocked', `HTTP ${status} from ${url.host}`);
    }
    const validatorsOf = () => ({
      etag: singleHeader(res.headers.etag),
      lastModified: singleHeader(res.headers['last-modified']),
    });
    if (status === 304 && saveTo && validators) {
      res.resume();
      return { kind: 'page', page: { status, url: url.href, body: '', contentType: null, ...validatorsOf() } };
    }
    if (!any && (status < 200 || status > 299) && (saveTo || !PASS_THROUGH_STATUSES.has(status))) {
      res.resume();
      throw new RetailerError('error', `HTTP ${status} from ${url.host}`);
    }
    if (saveTo) {
      await saveCappedBody(res, maxBytes, saveTo);
      return {
        kind: 'page',
        page: { status, url: url.href, body: '', contentType: res.headers['content-type'] ?? null, ...validatorsOf() },
      };
    }
    const bytes = await readCappedBody(res, maxBytes);
    const contentType = res.headers['content-type'] ?? null;
    return { kind: 'page', page: { status, url: url.href, body: decodeText(bytes, contentType), contentType } };
  }

  /** Follows redirects within the allowed origins. */
  async function follow(
    start: URL,
    signal: AbortSignal,
    any = false,
    saveTo?: string,
    validators?: Validators,
  ): Promise<FetchedPage> {
    let url = start;
    for (let hop = 0; ; hop++) {
      assertFetchable(url, allowedOrigins, options.allowPrivateHosts);
      assertNotCooling(url.host);
      // Every hop, redirects included: a disallowed path is never fetched.
      if (!any) await assertRobotsAllow(url, signal);
      if (signal.aborted) throw signal.reason;
      const result = await fetchOnce(url, signal, any, saveTo, validators);
      if (result.kind === 'page') return result.page;
      if (hop >= maxRedirects) throw new RetailerError('error', `too many redirects from ${url.host}`);
      if (!result.location) throw new RetailerError('error', `redirect without location from ${url.host}`);
      url = new URL(result.location, url);
    }
  }

  async function fetchPage(
    input: string,
    callerSignal: AbortSignal,
    saveTo?: string,
    validators?: Validators,
  ): Promise<FetchedPage> {
    const timeoutSignal = AbortSignal.timeout(options.timeoutMs);
    const signal = AbortSignal.any([callerSignal, timeoutSignal]);
    let url: URL;
    try {
      url = new URL(input);
    } catch {
      throw new RetailerError('error', 'refused: invalid URL');
    }
    try {
      const page = await follow(url, signal, false, saveTo, validators);
      if (!saveTo) options.onPage?.(page);
      return page;
    } catch (err) {
      if (signal.aborted) throw abortFailure(callerSignal, timeoutSignal, options.timeoutMs);
      if (err instanceof RetailerError) throw err;
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ERR_SSRF_REFUSED') throw new RetailerError('error', (err as Error).message);
      throw new RetailerError('error', `network error${code ? ` (${code})` : ''} for ${url.host}`);
    }
  }

  return {
    get: (input, callerSignal) => fetchPage(input, callerSignal),
    download: (input, callerSignal, file, validators) => fetchPage(input, callerSignal, file, validators),
    coolingDown: () => new Map(cooldown),
    close() {
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  };
}

function singleHeader(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}
