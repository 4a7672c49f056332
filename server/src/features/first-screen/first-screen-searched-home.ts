import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { RESULTS_SLOT_ATTRIBUTE, SEARCH_SEED_ID } from '@pharmaradar/shared/first-screen-markup';
import type { SearchResultsPage } from '@pharmaradar/shared/first-screen.schema';
import type { Locale } from '@pharmaradar/shared/locales';
import { searchRequestSchema, type SearchEvent } from '@pharmaradar/shared/search.schema';
import { clientShareKey } from '../../lib/client-address';
import { HttpError } from '../../lib/http-error';
import { localize, type Messages } from '../../lib/i18n';
import { laterMark, withHtmlLang, type HtmlAnswer } from '../../lib/web-static';
import type { DrawFirstScreen } from './first-screen-renderer';
import { FIRST_SCREEN_MESSAGES } from './first-screen.messages';
import type { FirstScreenService } from './first-screen.service';
import { jsonScript, withFirstScreen } from './first-screen-document';

export interface SearchedHomeDeps {
  draw: DrawFirstScreen;
  service: FirstScreenService;
  /** The search's per-client limit (ADR 140): a searched address runs a search in the same budget. */
  searchLimit: MiddlewareHandler;
}

/** The home page's own address (`/` or `/{lang}`) and the language it is drawn in. */
export interface HomeAddress {
  locale: Locale;
  path: string;
}

/** The opening tag of the element the results part goes first in (as the in-place search puts it). */
const RESULTS_SLOT = new RegExp(`<[a-z]+\\b[^>]*\\s${RESULTS_SLOT_ATTRIBUTE}(?:="")?[^>]*>`);
const NOINDEX = '<meta name="robots" content="noindex">';
/** A searched page is the answer of one moment to one visitor: never stored, never indexed. */
const SEARCHED_HEADERS = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' };

/**
 * `/?q=` (and `/{lang}?q=`) asked by a browser the service worker does not answer (a first visit,
 * no script): the home page with the query in its box and the hero compacted, its results part drawn
 * by the server once the search has ended, and the result as JSON (`SEARCH_SEED_ID`) so the app takes
 * the page over without searching again (ADR 180). The page up to the results goes out at once; the
 * results and the rest follow when the search ends. An invalid query (400) or a client over the
 * search's limit (429) gets the page with the reason drawn in place of the results, and no search.
 * Undefined when the home page cannot be drawn: the bare app then searches itself, as before.
 */
export function searchedHome(deps: SearchedHomeDeps) {
  const drawResults = (page: SearchResultsPage) => deps.draw.searchResults(page);

  /** The limit's refusal when the client may not start one more search now (a search it may start is counted). */
  async function refusedByLimit(c: Context): Promise<HttpError | null> {
    try {
      await deps.searchLimit(c, async () => {});
      return null;
    } catch (error) {
      if (error instanceof HttpError && error.status === 429) return error;
      throw error;
    }
  }

  return async (html: string, c: Context, home: HomeAddress, raw: string): Promise<HtmlAnswer | undefined> => {
    const { locale, path } = home;
    const request = searchRequestSchema.safeParse({ q: raw, lang: locale });
    const query = request.success ? request.data.q : raw.trim();
    // Drawn at its results address: the box holds the query, the hero is compacted for it.
    const markup = await deps.draw.page({ page: 'home', locale, path: `${path}?${new URLSearchParams({ q: query })}` });
    if (markup === null) return undefined;
    const slot = RESULTS_SLOT.exec(markup);
    const at = slot ? slot.index + slot[0].length : markup.length;
    const drawn = `${markup.slice(0, at)}${laterMark('results')}${markup.slice(at)}`;
    const page = withHtmlLang(withFirstScreen(html, 'home', drawn, true), locale)
      .replace(/<head[^>]*>/i, (head) => `${head}${NOINDEX}`)
      .replace(/<\/body>/i, (end) => `${laterMark('seed')}${end}`);
    const base = { locale, path, query, events: [] as SearchEvent[] };
    const refused = async (status: ContentfulStatusCode, code: string, messages: Messages): Promise<HtmlAnswer> => {
      const failed = { code, detail: localize(messages, locale) };
      const results = (await drawResults({ ...base, failed })) ?? '';
      return { html: page.replace(laterMark('results'), () => results), status, headers: SEARCHED_HEADERS };
    };

    if (!request.success) return refused(400, query ? 'query_too_long' : 'empty_query', FIRST_SCREEN_MESSAGES.badQuery);
    const limited = await refusedByLimit(c);
    if (limited) {
      const answer = await refused(429, 'rate_limited', FIRST_SCREEN_MESSAGES.tooManySearches);
      return { ...answer, headers: { ...limited.headers, ...SEARCHED_HEADERS } };
    }
    // A HEAD asks for the headers only: no shop is asked for a page nobody reads.
    if (c.req.method === 'HEAD') return { html: page, headers: SEARCHED_HEADERS };

    const events: SearchEvent[] = [];
    const ended = async (failed?: { code: string; detail: null }): Promise<Record<string, string>> => {
      const results = await drawResults({ ...base, events, ...(failed ? { failed } : {}) });
      return results === null ? {} : { results };
    };
    const later = deps.service
      .search(query, locale, clientShareKey(c), (event) => events.push(event))
      .then(
        async (result) => {
          const parts = await ended();
          // Nothing drawn (no renderer for the part): no result either, so the app searches itself.
          return parts.results ? { ...parts, seed: jsonScript(SEARCH_SEED_ID, result) } : parts;
        },
        () => ended({ code: 'search_failed', detail: null }),
      );
    return { html: page, headers: SEARCHED_HEADERS, later };
  };
}
