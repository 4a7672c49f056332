/**
 * The browser's ICU loads its locale data on the first Intl call of a page: tens of milliseconds on
 * a fast machine, several times that on a phone, in one piece. Paid here, before the first paint,
 * it no longer blocks the page once it shows (react-intl's first render would pay it otherwise).
 */
export function warmIntl(intlLocale: string): void {
  try {
    Intl.NumberFormat.supportedLocalesOf(intlLocale);
    Intl.DateTimeFormat.supportedLocalesOf(intlLocale);
    new Intl.NumberFormat(intlLocale, { style: 'currency', currency: 'EUR' }).format(1);
    new Intl.PluralRules(intlLocale).select(1);
  } catch {
    // An engine without this locale: react-intl reports it and falls back; nothing to warm.
  }
}
