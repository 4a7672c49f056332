import { DEFAULT_LOCALE, matchLocale, type Locale } from '@pharmaradar/shared/locales';
import { splitLocalePath } from '../router/localized-path';

/** Session storage key marking that the language was chosen this session; its value is that language. */
export const LANG_BOOTED_KEY = 'langBooted';

export interface BootInput {
  pathname: string;
  /** navigator.languages (most preferred first). */
  languages: readonly string[];
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
}

export interface BootDecision {
  /** The language of this URL. */
  locale: Locale;
  /** Set when the first bare visit of a session lands on home with a non-French browser. */
  redirectTo: string | null;
}

function safeGet(storage: BootInput['storage']): string | null {
  try {
    return storage?.getItem(LANG_BOOTED_KEY) ?? null;
  } catch {
    return null;
  }
}

function safeSet(storage: BootInput['storage'], value: Locale): void {
  try {
    storage?.setItem(LANG_BOOTED_KEY, value);
  } catch {
    // Disabled storage (private mode): detection simply runs again next time.
  }
}

/**
 * docs/product.md#states language rules.
 * - The URL decides: /fr, /en, /nl prefix -> that language; a bare path -> French.
 * - The first visit of a session (no `langBooted`) on a bare path matches navigator.languages
 *   against fr/en/nl (fallback fr) and stores the result; if the path is home and the result is not
 *   French, it redirects to /{lang} (other bare pages stay French: their URL says so).
 * - Later visits never redirect. `<html lang>` follows the URL language (it is an output, not an
 *   input: the static shell's lang="fr" would otherwise always win).
 */
export function decideLocale(input: BootInput): BootDecision {
  const { prefix, rest } = splitLocalePath(input.pathname);
  const booted = safeGet(input.storage);
  if (prefix) {
    if (!booted) safeSet(input.storage, prefix);
    return { locale: prefix, redirectTo: null };
  }
  if (booted) return { locale: DEFAULT_LOCALE, redirectTo: null };
  const detected = matchLocale(input.languages);
  safeSet(input.storage, detected);
  const isHome = rest === '/' || rest === '';
  return { locale: DEFAULT_LOCALE, redirectTo: isHome && detected !== DEFAULT_LOCALE ? `/${detected}` : null };
}

/** Records an explicit choice from the language menu. */
export function rememberLocale(storage: BootInput['storage'], locale: Locale): void {
  safeSet(storage, locale);
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

export function sessionStore(): Storage | null {
  try {
    // Not the bare global: Node 25+ has one, and the server draws pages with this code too.
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
