import type { ReactNode } from 'react';
import { IntlProvider, type IntlConfig } from 'react-intl';
import { INTL_LOCALE, type Locale } from '@pharmaradar/shared/locales';
import { LocaleContext } from './locale-context';
import type { Messages } from './load-locale';

export type IntlErrorHandler = NonNullable<IntlConfig['onError']>;
export type IntlError = Parameters<IntlErrorHandler>[0];

let errorHandler: IntlErrorHandler | null = null;

/**
 * Routes react-intl errors (a missing message id, a bad ICU value) somewhere visible. The web test
 * setup installs one that fails the test: a missing id would otherwise only show the raw id.
 */
export function setIntlErrorHandler(handler: IntlErrorHandler | null): void {
  errorHandler = handler;
}

function onIntlError(error: IntlError): void {
  if (errorHandler) return errorHandler(error);
  // A missing id shows the id itself; say so loudly in development, stay quiet in production.
  if (import.meta.env.DEV && import.meta.env.MODE !== 'test') console.warn(error.message);
}

/** react-intl plus useLocale() for a loaded locale. */
export function I18nProvider({
  locale,
  messages,
  children,
}: {
  locale: Locale;
  messages: Messages;
  children: ReactNode;
}) {
  return (
    <LocaleContext.Provider value={locale}>
      <IntlProvider locale={INTL_LOCALE[locale]} defaultLocale="fr-BE" messages={messages} onError={onIntlError}>
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}
