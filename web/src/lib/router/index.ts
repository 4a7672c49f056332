export { localizePath, toBarePath, splitLocalePath, switchLanguagePath, localeOfPath } from './localized-path';
export { useLocalizedPath } from './use-localized-path';
export { LocalizedLink, LocalizedNavLink } from './localized-link';
export { useLocalizedNavigate } from './use-localized-navigate';
export { AUTH_SCREENS, authScreenOf, isAuthScreen, type AuthScreen } from './auth-paths';
export { classifyCatchAll, type CatchAllVerdict } from './path-rules';
export { useDocumentTitle } from './use-document-title';
