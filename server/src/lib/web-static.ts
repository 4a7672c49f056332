import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Logger } from './log';

/**
 * A step that may rewrite index.html before it is sent for a client-side route, e.g. the product
 * landing feature setting `<title>`, description and canonical link for `/{slug}` pages. Return the
 * new HTML, or undefined to leave it as is. Transformers run in order; each gets the previous output.
 * They must escape anything they insert (the page has a strict CSP but no inline-script allowance
 * to fall back on).
 */
export type HtmlTransformer = (
  html: string,
  c: Context,
) => string | HtmlAnswer | undefined | Promise<string | HtmlAnswer | undefined>;

/**
 * What a transformer returns when the page needs more than its HTML (a searched home page, ADR 180):
 * its own status and headers, and parts that come later. With `later`, the page is streamed: the
 * HTML up to the first `laterMark(name)` goes out at once, the rest once `later` has resolved, each
 * mark replaced by the part of that name (a mark without one is dropped). Later transformers still
 * get the HTML, marks included.
 */
export interface HtmlAnswer {
  html: string;
  status?: ContentfulStatusCode;
  headers?: Record<string, string>;
  later?: Promise<Record<string, string>>;
}

/** Where a part of an HtmlAnswer's `later` goes in its HTML. */
export const laterMark = (name: string) => `<!--later:${name}-->`;
const LATER_MARK = /<!--later:([a-z-]+)-->/g;

/** `<html lang>` set to the page's language (the shell says French). */
export function withHtmlLang(html: string, locale: string): string {
  return html.replace(/<html([^>]*?)\slang=["'][^"']*["']/i, (_m, before: string) => `<html${before} lang="${locale}"`);
}

/**
 * JSON placed inside a `<script>` element (JSON-LD, a drawn page's data): `<`, `>` and `&` are written as \u escapes
 * so no product text can close the script element (`</script>`) or open a comment; U+2028/2029 too,
 * for parsers that still treat them as line ends. JSON.parse reads the same value back.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'no-cache';
const CACHE_OTHER_STATIC = 'public, max-age=3600';
const ALWAYS_REVALIDATE = new Set(['sw.js', 'registerSW.js', 'manifest.webmanifest', 'index.html']);

/** Cache-Control for a file of the built app, by its path relative to the dist directory. */
export function staticCacheControl(relativePath: string): string {
  const rel = relativePath.split(sep).join('/');
  if (rel.startsWith('assets/')) return CACHE_IMMUTABLE; // content-hashed by vite
  if (ALWAYS_REVALIDATE.has(basename(rel)) || rel.startsWith('locales/') || rel.endsWith('.html'))
    return CACHE_REVALIDATE;
  return CACHE_OTHER_STATIC;
}

const NOT_BUILT_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>PharmaRadar: web app not built</title></head>
<body><h1>The web app is not built yet</h1>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds it when missing), then reload this page.</p>
<p>The API is available under /api.</p></body></html>
`;

/**
 * `html` up to its first later mark at once, then the rest with the parts `later` resolves to.
 * Parts that fail are left out (the transformer that asked for them says what went wrong in them).
 */
function streamedHtml(html: string, later: Promise<Record<string, string>>, log: Logger): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  LATER_MARK.lastIndex = 0;
  const cut = LATER_MARK.exec(html)?.index ?? html.length;
  return new ReadableStream({
    async start(controller) {
      controller.enqueue(encoder.encode(html.slice(0, cut)));
      const parts = await later.catch((error: unknown) => {
        log.error('a later part of a page failed', { error: String(error) });
        return {} as Record<string, string>;
      });
      try {
        controller.enqueue(
          encoder.encode(html.slice(cut).replace(LATER_MARK, (_m, name: string) => parts[name] ?? '')),
        );
        controller.close();
      } catch {
        // The client went away meanwhile: nothing is left to send to.
      }
    },
  });
}

export interface WebAppOptions {
  webDistDir: string;
  htmlTransformers: readonly HtmlTransformer[];
  log: Logger;
}

function hasCompressedCopy(file: string): boolean {
  return existsSync(`${file}.br`) || existsSync(`${file}.gz`);
}

/** The bare home page: `/`, or index.html asked for by name. */
export function isBareHomePath(path: string): boolean {
  return path === '/' || path === '/index.html';
}

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/**
 * Serves the built PWA: files from WEB_DIST_DIR with their cache policy, and index.html (through
 * the transformers) for every other GET that accepts HTML, since the client router owns those URLs
 * (including its own 404 page). Missing build: 503 with instructions.
 */
export function webApp({ webDistDir, htmlTransformers, log }: WebAppOptions): MiddlewareHandler {
  const indexFile = join(webDistDir, 'index.html');
  let files: MiddlewareHandler | undefined;

  const sendIndex = async (c: Context) => {
    if (!existsSync(indexFile)) return c.html(NOT_BUILT_HTML, 503, { 'Cache-Control': 'no-store' });
    let answer: HtmlAnswer = { html: await readFile(indexFile, 'utf8') };
    for (const transform of htmlTransformers) {
      const out = await transform(answer.html, c);
      if (out !== undefined) answer = typeof out === 'string' ? { ...answer, html: out } : { ...answer, ...out };
    }
    const headers = { 'Cache-Control': CACHE_REVALIDATE, ...answer.headers };
    const status = answer.status ?? 200;
    if (!answer.later) return c.html(answer.html.replace(LATER_MARK, ''), status, headers);
    return c.body(streamedHtml(answer.html, answer.later, log), status, {
      ...headers,
      'Content-Type': 'text/html; charset=UTF-8',
      // A proxy that buffers would hold the page's first part back until the end (docs/deploy.md).
      'X-Accel-Buffering': 'no',
    });
  };

  return async (c, next) => {
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || isApiPath(c.req.path)) return next();
    if (isBareHomePath(c.req.path)) return sendIndex(c);

    if (existsSync(webDistDir)) {
      files ??= serveStatic({
        root: webDistDir,
        // The build writes .br and .gz copies beside each compressible file (web/scripts/compress-dist.mjs):
        // the copy the client accepts is sent with Content-Encoding (Brotli first), else the file itself.
        precompressed: true,
        onFound: (path, ctx) => {
          const encoded = ctx.res.headers.has('Content-Encoding');
          const file = encoded ? path.replace(/\.(?:br|gz|zst)$/, '') : path;
          ctx.header('Cache-Control', staticCacheControl(relative(webDistDir, file)));
          // The answer depends on Accept-Encoding whenever a compressed copy exists, also when the
          // plain file was sent: a shared cache must not hand it to a client that accepts Brotli.
          if (!encoded && hasCompressedCopy(file)) ctx.header('Vary', 'Accept-Encoding', { append: true });
        },
      });
      // serveStatic answers with the file, or calls the given next when there is none.
      const response = await files(c, async () => {});
      if (response) return response;
    }

    if ((c.req.header('accept') ?? '').includes('text/html')) return sendIndex(c);
    log.debug('static file not found', { path: c.req.path });
    return next();
  };
}
