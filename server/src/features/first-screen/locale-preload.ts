import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from 'hono';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@pharmaradar/shared/locales';
import { requestLocale } from '../../lib/i18n';
import { isBareHomePath, type HtmlTransformer } from '../../lib/web-static';

/**
 * The language the web app will load for a page address (docs/product.md#states): the prefix's; on a bare address
 * French, except the home page, which a first visit sends to the browser's language.
 */
export function shellLocale(c: Context): Locale {
  const first = /^\/([^/]+)/.exec(c.req.path)?.[1];
  if (isLocale(first)) return first;
  return isBareHomePath(c.req.path) ? requestLocale(c) : DEFAULT_LOCALE;
}

/**
 * Preload links for the translation files of the page's language: the app cannot draw a screen
 * without them, and would otherwise ask for them only once its JavaScript has run (a
 * phone's first visit). The file list is read from the build once; a missing build adds nothing.
 */
export function localePreloads(webDistDir: string): HtmlTransformer {
  const links = new Map<Locale, string>();
  for (const locale of LOCALES) {
    const dir = join(webDistDir, 'locales', locale);
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => /^[a-z0-9-]+\.json$/.test(f)) : [];
    links.set(
      locale,
      files
        .sort()
        .map((f) => `<link rel="preload" href="/locales/${locale}/${f}" as="fetch" crossorigin="anonymous" />`)
        .join(''),
    );
  }
  return (html, c) => {
    const tags = links.get(shellLocale(c));
    return tags ? html.replace('</head>', `${tags}</head>`) : undefined;
  };
}
