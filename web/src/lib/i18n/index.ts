export { useLocale } from './use-locale';
export { formatPrice, formatNumber, formatPercent, formatDateTime, formatDate } from './format';
export { I18nProvider } from './i18n-provider';
export { NAMESPACES, type Namespace } from './namespaces';
export { localeLoader, createLocaleLoader, LocaleLoadError, type Messages } from './load-locale';
