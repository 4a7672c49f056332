import { Hono, type MiddlewareHandler } from 'hono';
import {
  SEARCH_QUERY_MAX_LENGTH,
  searchRequestSchema,
  type SearchEvent,
  type SearchRequest,
} from '@pharmaradar/shared/search.schema';
import { streamPrivateSSE } from '../../lib/sse';
import { finishedAnswer } from '../../lib/answer-headers';
import { HttpError } from '../../lib/http-error';
import { rateLimitWith } from '../../lib/rate-limit';
import { createShareRateLimiter } from '../../lib/share-rate-limit';
import { clientShareKey } from '../../lib/client-address';
import { stringMemo } from '../../lib/string-memo';
import { LOCALES } from '@pharmaradar/shared/locales';
import { requestLocale, type Messages } from '../../lib/i18n';
import type { Logger } from '../../lib/log';
import type { Db } from '../../db/database';
import type { SearchService } from './search.service';

export type SearchRoutesDeps = {
  service: SearchService;
  /** The per-client search limit (searchRateLimit), shared with every route that runs a search. */
  limit: MiddlewareHandler;
  log: Logger;
};

/**
 * Searches one client may start per minute (each one fans out to every retailer). One limiter for
 * every route that starts a search for a client: the search itself and a drawn product page's
 * prices (ADR 140) count in the same budget. A cached search is the hottest path: within its
 * process's share it costs no database write (ADR 239).
 */
export function searchRateLimit(perMinute: number, db: Db, processes: number): MiddlewareHandler {
  const windowMs = 60_000;
  return rateLimitWith(createShareRateLimiter({ name: 'search', windowMs, max: perMinute, processes, db }), windowMs);
}

export const SEARCH_MESSAGES = {
  emptyQuery: {
    fr: 'Saisissez un nom de produit ou un CNK.',
    en: 'Enter a product name or CNK.',
    nl: 'Voer een productnaam of CNK in.',
  },
  queryTooLong: {
    fr: `Votre recherche est trop longue (${SEARCH_QUERY_MAX_LENGTH} caractères maximum).`,
    en: `Your search is too long (${SEARCH_QUERY_MAX_LENGTH} characters at most).`,
    nl: `Uw zoekopdracht is te lang (maximaal ${SEARCH_QUERY_MAX_LENGTH} tekens).`,
  },
  invalidLanguage: {
    fr: 'Langue inconnue : choisissez fr, nl ou en.',
    en: 'Unknown language: choose fr, nl or en.',
    nl: 'Onbekende taal: kies fr, nl of en.',
  },
  // Word for word the web's search.error.fetch, so the user reads one message whichever side speaks.
  failed: {
    fr: 'Impossible de récupérer les résultats. Veuillez réessayer dans quelques instants.',
    en: 'Unable to fetch results. Please try again shortly.',
    nl: 'Kan de resultaten niet ophalen. Probeer het zo dadelijk opnieuw.',
  },
} satisfies Record<string, Messages>;

/** The trimmed query and the interface language (validated with the shared schema), or a translated 400. */
function readRequest(raw: string | undefined, lang: string | undefined): SearchRequest {
  // A hot query comes again and again: its validation is kept per language the schema accepts.
  const kept = validRequests.get(lang);
  return kept ? kept(raw ?? '') : parseRequest(raw ?? '', lang);
}

const VALID_REQUESTS_KEPT = 4096;
const validRequests = new Map(
  [undefined, ...LOCALES].map((lang) => [
    lang as string | undefined,
    stringMemo(VALID_REQUESTS_KEPT, (raw) => Object.freeze(parseRequest(raw, lang))),
  ]),
);

function parseRequest(raw: string, lang: string | undefined): SearchRequest {
  const parsed = searchRequestSchema.safeParse({ q: raw, lang });
  if (parsed.success) return parsed.data;
  if (parsed.error.issues.every((issue) => issue.path[0] === 'lang'))
    throw new HttpError(400, 'invalid_language', SEARCH_MESSAGES.invalidLanguage);
  if (raw.trim()) throw new HttpError(400, 'query_too_long', SEARCH_MESSAGES.queryTooLong);
  throw new HttpError(400, 'empty_query', SEARCH_MESSAGES.emptyQuery);
}

function wantsEventStream(accept: string | undefined): boolean {
  return (accept ?? '').toLowerCase().includes('text/event-stream');
}

export function createSearchRoutes(deps: SearchRoutesDeps): Hono {
  const app = new Hono();
  const log = deps.log.child({ feature: 'search' });

  app.get('/search/', deps.limit, async (c) => {
    // The shops are asked in the interface language where they have it (ADR 148), French by default.
    const { q, lang } = readRequest(c.req.query('q'), c.req.query('lang'));
    // The client's turn at each shop (ADR 188).
    const client = clientShareKey(c);
    // The same bytes and Content-Type as c.json(result), from the service's serialised answer; the
    // hottest answer, its headers written once into a plain record (ADR 260).
    if (!wantsEventStream(c.req.header('accept'))) {
      return finishedAnswer(c, await deps.service.searchJson(q, { count: true, lang, client }), 200, {
        'Cache-Control': 'no-store',
        Vary: 'Accept, Accept-Language',
        'Content-Type': 'application/json',
      });
    }

    c.header('Cache-Control', 'no-store');
    c.header('Vary', 'Accept, Accept-Language');

    // Buffering proxies (nginx) would hold the events back until the end without this.
    c.header('X-Accel-Buffering', 'no');
    const locale = requestLocale(c);
    return streamPrivateSSE(c, async (stream) => {
      // Events are written in order through one chain; once the client is gone nothing more is
      // written, but the search itself goes on: other clients may share its upstream requests.
      let chain: Promise<unknown> = Promise.resolve();
      const send = (event: SearchEvent) => {
        if (stream.aborted || stream.closed) return;
        chain = chain.then(() => stream.writeSSE({ event: event.event, data: JSON.stringify(event.data) }));
      };
      try {
        await deps.service.search(q, send, { count: true, lang, client });
      } catch (error) {
        log.error('search failed', { error });
        send({ event: 'error', data: { code: 'search_failed', detail: SEARCH_MESSAGES.failed[locale] } });
      }
      await chain;
    });
  });

  return app;
}
