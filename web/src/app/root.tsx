import { useEffect } from 'react';
import { Outlet, useLoaderData, useLocation, useRevalidator, useRouteError } from 'react-router';
import { OfflineBanner } from './layout/offline-banner';
import { NavigationProgress } from './layout/navigation-progress';
import { SessionErrorBanner } from './layout/session-error-banner';
import { Splash } from './layout/splash';
import { AccountDeletedNotice } from '../features/accounts/account-deleted-notice';
import { GoogleOneTap } from './one-tap/google-one-tap';
import { PharmacistGate } from './pharmacist-gate/pharmacist-gate';
import { I18nProvider } from '../lib/i18n/i18n-provider';
import { AppScrollRestoration } from '../lib/router/scroll-restoration';
import { LocaleLoadError } from '../lib/i18n/load-locale';
import { UpdatePrompt } from './update/update-prompt';
import { SessionProvider } from '../lib/session/session-provider';
import { ScanActionContext } from '../lib/scan/scan-action';
import { ScanButton } from '../features/scan/scan-button';
import { BOOT_TEXTS } from './boot-texts';
import { pathLocale, type RootData } from './root-loader';
import { Spinner } from '../lib/ui/spinner';
import './styles/boot.css';

export { rootLoader, shouldRevalidateRoot } from './root-loader';

/** Everything every page shares: language, session, offline and session-error banners, splash, update prompt. */
export function AppRoot() {
  const { locale, messages } = useLoaderData() as RootData;

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  return (
    <I18nProvider locale={locale} messages={messages}>
      <SessionProvider>
        <ScanActionContext.Provider value={ScanButton}>
          <NavigationProgress />
          <OfflineBanner />
          <SessionErrorBanner />
          <Outlet />
          <PharmacistGate />
          <GoogleOneTap />
          <AccountDeletedNotice />
          <Splash />
          <UpdatePrompt />
          <AppScrollRestoration />
        </ScanActionContext.Provider>
      </SessionProvider>
    </I18nProvider>
  );
}

function useBootLocale() {
  return pathLocale(useLocation().pathname);
}

/** Shown while the first locale (and page chunk) loads. */
export function BootScreen() {
  const texts = BOOT_TEXTS[useBootLocale()];
  return (
    <div className="boot" role="status" aria-live="polite" data-testid="boot-loading">
      <img className="boot__logo" src="/favicon.svg" alt="" width={72} height={72} />
      <Spinner size="lg" />
      <p>{texts.loading}</p>
    </div>
  );
}

/** Root error state: the locale could not be loaded after every retry, or an error no page caught. */
export function BootError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const texts = BOOT_TEXTS[useBootLocale()];
  const localeFailed = error instanceof LocaleLoadError;
  return (
    <div className="boot" role="alert" data-testid="boot-error">
      <img className="boot__logo" src="/favicon.svg" alt="" width={72} height={72} />
      <p className="boot__title">{localeFailed ? texts.localeFailed : texts.failed}</p>
      <p>{texts.offlineHint}</p>
      {localeFailed ? (
        <button
          type="button"
          className="boot__button"
          onClick={() => void revalidator.revalidate()}
          disabled={revalidator.state === 'loading'}
        >
          {texts.retry}
        </button>
      ) : (
        <button type="button" className="boot__button" onClick={() => window.location.reload()}>
          {texts.reload}
        </button>
      )}
    </div>
  );
}
