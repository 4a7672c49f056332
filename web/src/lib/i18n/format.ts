import { INTL_LOCALE, type Locale } from '@pharmaradar/shared/locales';

/**
 * The one time zone every date and time the app shows is in: the shops' and the pharmacists'. A
 * device set to another zone (a laptop back from holiday, a browser forcing UTC) must not show a
 * price read at 06:10 in Brussels as 05:10, nor a sync at another hour than the counter's clock.
 */
const TIME_ZONE = 'Europe/Brussels';

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], options);
    cache.set(key, format);
  }
  return format;
}

/** A price in euros for the interface language (fr-BE "12,50 €", en-BE "€12.50", nl-BE "€ 12,50"). */
export function formatPrice(amount: number, locale: Locale): string {
  return numberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

export function formatNumber(value: number, locale: Locale, options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(locale, options).format(value);
}

export function formatPercent(ratio: number, locale: Locale, fractionDigits = 0): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: fractionDigits }).format(ratio);
}

/** Date and time in Belgian local time, e.g. fr "22 nov. 2026, 14:05". */
export function formatDateTime(
  value: Date | string | number,
  locale: Locale,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const key = `d|${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], { timeZone: TIME_ZONE, ...options });
    cache.set(key, format);
  }
  return format.format(date);
}

export function formatDate(value: Date | string | number, locale: Locale): string {
  return formatDateTime(value, locale, { dateStyle: 'long' });
}

const HOUR_MINUTE: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** A time of day in Belgian local time on the 24-hour clock, "06:10", the same in every language. */
export function formatClockTime(value: Date | string | number, locale: Locale): string {
  return formatDateTime(value, locale, HOUR_MINUTE);
}
