import { DEFAULT_LOCALE, type Locale } from '@pharmaradar/shared/locales';

// The UI language for Accept-Language, set by the app root whenever the path language changes
// (a module value rather than a hook so non-React code, e.g. workers' callers, can use the client).
let current: Locale = DEFAULT_LOCALE;

export function setApiLocale(locale: Locale): void {
  current = locale;
}

export function getApiLocale(): Locale {
  return current;
}
