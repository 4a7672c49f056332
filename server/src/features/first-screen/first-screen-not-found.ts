import type { Context } from 'hono';
import { isCatchAllPath, isNotFoundPagePath } from '@pharmaradar/shared/app-pages';
import { isBareHomePath, withHtmlLang, type HtmlAnswer } from '../../lib/web-static';
import { withFirstScreen } from './first-screen-document';
import type { DrawFirstScreen } from './first-screen-renderer';
import { shellLocale } from './locale-preload';

/**
 * An address the app would show as a product page but the server has no product for (unknown, or a
 * pack the catalogue excludes) answers 404, as GET /api/products/:slug does, so a crawler or a shared
 * link sees the page is gone: drawn as the app's not-found page in the address's language, or the
 * bare app with that status when nothing can be drawn (the app then shows its not-found page itself).
 * The app's own /404 address answers the same way: a reload or a crawler there sees the page's status.
 * Called by the product page's transformer once its one lookup found nothing. /index.html is left
 * alone: it is the shell the service worker precaches, which must stay a 200.
 */
export async function missingProductPage(
  draw: DrawFirstScreen,
  html: string,
  c: Context,
): Promise<HtmlAnswer | undefined> {
  const path = c.req.path;
  if (isBareHomePath(path) || !(isCatchAllPath(path) || isNotFoundPagePath(path))) return undefined;
  const locale = shellLocale(c);
  const markup = await draw.page({ page: 'not-found', locale, path });
  // Not marked whole: the app starts at once and moves to its /404 address, as it did before.
  const page = markup === null ? html : withFirstScreen(html, 'not-found', markup, false);
  return { html: withHtmlLang(page, locale), status: 404 };
}
