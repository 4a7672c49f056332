// No zod here: the locale list is on the web's boot path (ADR 036: the first screen loads no schemas).
export const LOCALES = ['fr', 'en', 'nl'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'fr';

/** Intl locale used to format prices, numbers and dates for each interface language. */
export const INTL_LOCALE: Record<Locale, string> = { fr: 'fr-BE', en: 'en-BE', nl: 'nl-BE' };

/**
 * The language a shop is asked in (ADR 148): Dutch for nl, French for fr and en (the Belgian shops
 * have no English pages, and French is the language every one of them has).
 */
export type ShopLanguage = 'fr' | 'nl';

export function shopLanguageOf(locale: Locale): ShopLanguage {
  return locale === 'nl' ? 'nl' : 'fr';
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Picks the first supported language from an Accept-Language header or navigator.languages list. */
export function matchLocale(candidates: readonly string[] | string | null | undefined): Locale {
  const list = typeof candidates === 'string' ? parseAcceptLanguage(candidates) : (candidates ?? []);
  for (const tag of list) {
    const base = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}

function parseAcceptLanguage(header: string): string[] {
  return header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((entry) => entry.tag);
}
