import { DEFAULT_LOCALE, isLocale, type Locale } from '@pharmaradar/shared/locales';

/**
 * Path rules of docs/product.md#routes: every page exists bare (French) and under /fr, /en, /nl. Two pages change
 * name under a prefix: the plans page /offers is /{lang}/pro, and the Pro tool /pro is /{lang}/nego.
 */
const BARE_TO_PREFIXED: Record<string, string> = { offers: 'pro', pro: 'nego' };
const PREFIXED_TO_BARE: Record<string, string> = { pro: 'offers', nego: 'pro' };

export interface SplitPath {
  /** The language prefix, or null for a bare path. */
  prefix: Locale | null;
  /** The rest, always starting with '/' ('/' for the home page). */
  rest: string;
}

/** Splits `/en/about?x#y` into `{prefix: 'en', rest: '/about?x#y'}`. */
export function splitLocalePath(path: string): SplitPath {
  const match = /^\/([^/?#]+)(.*)$/.exec(path);
  if (match && isLocale(match[1])) {
    const rest = match[2] ?? '';
    return { prefix: match[1], rest: rest.startsWith('/') ? rest : `/${rest}` };
  }
  return { prefix: null, rest: path.startsWith('/') ? path : `/${path}` };
}

function renameFirstSegment(path: string, table: Record<string, string>): string {
  return path.replace(/^\/([^/?#]+)/, (whole, segment: string) => {
    const renamed = table[segment];
    return renamed ? `/${renamed}` : whole;
  });
}

/**
 * A bare app path (`/offers`, `/about?x=1`) as it is written for a language: unchanged without a
 * prefix, else `/{lang}` + renamed path. Already-prefixed paths and external URLs are left alone.
 */
export function localizePath(path: string, prefix: Locale | null): string {
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  if (splitLocalePath(path).prefix) return path;
  if (!prefix) return path;
  const renamed = renameFirstSegment(path, BARE_TO_PREFIXED);
  if (renamed === '/' || /^\/[?#]/.test(renamed)) return `/${prefix}${renamed.slice(1)}`;
  return `/${prefix}${renamed}`;
}

/** The bare path of any app path: `/fr/pro` -> `/offers`, `/en/nego?g=1` -> `/pro?g=1`, `/about` -> `/about`. */
export function toBarePath(path: string): string {
  const { prefix, rest } = splitLocalePath(path);
  return prefix ? renameFirstSegment(rest, PREFIXED_TO_BARE) : rest;
}

/** The same page in another language (the language menu always uses a prefix, fr included). */
export function switchLanguagePath(path: string, target: Locale): string {
  return localizePath(toBarePath(path), target);
}

/** The language a URL is in: its prefix, else French (docs/product.md#states). */
export function localeOfPath(path: string): Locale {
  return splitLocalePath(path).prefix ?? DEFAULT_LOCALE;
}
