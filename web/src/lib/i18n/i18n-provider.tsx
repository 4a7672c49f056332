import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { INTL_LOCALE, type Locale } from '@pharmaradar/shared';
import { LocaleContext } from './locale-context';
import type { Messages } from './load-locale';

function onIntlError(error: { code?: string; message?: string }): void {
  // A missing id shows the id itself; say so loudly in development, stay quiet in tests and production.
  if (import.meta.env.DEV && import.meta.env.MODE !== 'test') console.warn(error.message);
}

/** react-intl plus useLocale() for a loaded locale. */
export function I18nProvider({ locale, messages, children }: { locale: Locale; messages: Messages; children: ReactNode }) {
  return (
    <LocaleContext.Provider value={locale}>
      <IntlProvider locale={INTL_LOCALE[locale]} defaultLocale="fr-BE" messages={messages} onError={onIntlError}>
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}
