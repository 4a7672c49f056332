import { useContext } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { BRAND_NAME } from '@pharmaradar/shared/brand';
import { LOCALES } from '@pharmaradar/shared/locales';
import { useLocale } from '../../../lib/i18n/use-locale';
import { LocalizedLink } from '../../../lib/router/localized-link';
import { switchLanguagePath } from '../../../lib/router/localized-path';
import { SessionContext } from '../../../lib/session/session-context';
import { PersonIcon } from '../../../lib/ui/icons';

const LANGUAGE_NAMES = { fr: 'Français', en: 'English', nl: 'Nederlands' } as const;

/** Home has no shared layout (docs/product.md#home): its own slim header with the brand, key links and languages. */
export function HomeHeader() {
  const intl = useIntl();
  const locale = useLocale();
  const { pathname, search } = useLocation();
  const session = useContext(SessionContext);
  const t = (id: string) => intl.formatMessage({ id: `search.header.${id}` });
  const user = session?.isAuthenticated ? session.user : null;
  const plan = user?.plan === 'ultra' ? t('planUltra') : user?.isPro ? t('planPro') : t('planFree');
  const initial = (user?.first_name?.trim() || user?.email || '?').charAt(0).toUpperCase();
  return (
    <header className="home-header">
      <div className="home-header__inner">
        <LocalizedLink to="/" className="home-header__brand" aria-label={t('home')}>
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>{BRAND_NAME}</span>
        </LocalizedLink>
        <nav className="home-header__nav" aria-label={t('nav')}>
          <LocalizedLink to="/pro" className="home-header__link home-header__link--pro" aria-label={t('pro')}>
            {/* The pill is drawn inside a 44 px tap target. */}
            <span className="home-header__pill">
              <span className="home-header__pro-long">{t('pro')}</span>
              <span className="home-header__pro-short" aria-hidden="true">
                Pro
              </span>
            </span>
          </LocalizedLink>
          <LocalizedLink to="/about" className="home-header__link home-header__link--wide">
            {t('about')}
          </LocalizedLink>
          <LocalizedLink
            to={user ? '/compte' : '/login'}
            className="home-header__link home-header__link--account"
            aria-label={user ? `${t('account')} (${plan})` : undefined}
          >
            {user ? (
              <>
                {/* docs/product.md#home: the plan badge and an avatar with the first letter of the first name or e-mail. */}
                <span className="home-header__plan" data-testid="home-plan-badge" aria-hidden="true">
                  {plan}
                </span>
                <span
                  className={`home-header__avatar${user.isPro ? ' home-header__avatar--pro' : ''}`}
                  data-testid="home-avatar"
                  aria-hidden="true"
                >
                  {initial}
                </span>
              </>
            ) : (
              <PersonIcon />
            )}
            <span className="home-header__link-text">{t(user ? 'account' : 'login')}</span>
          </LocalizedLink>
        </nav>
        <ul className="home-header__langs" aria-label={t('language')}>
          {LOCALES.map((lang) => (
            <li key={lang}>
              {lang === locale ? (
                // The current language is where the user is, not a control: a marker, so the two real
                // targets keep 44 px each and the brand keeps its room on a 390 px phone.
                <span
                  lang={lang}
                  title={LANGUAGE_NAMES[lang]}
                  aria-current="true"
                  className="home-header__lang home-header__lang--current"
                >
                  <span className="home-header__pill">{lang.toUpperCase()}</span>
                </span>
              ) : (
                <Link
                  to={switchLanguagePath(`${pathname}${search}`, lang)}
                  lang={lang}
                  hrefLang={lang}
                  title={LANGUAGE_NAMES[lang]}
                  // The name starts with the visible "NL" (WCAG 2.5.3, label in name): a voice user
                  // says what they see; the language's own name follows for screen readers.
                  aria-label={`${lang.toUpperCase()} – ${LANGUAGE_NAMES[lang]}`}
                  className="home-header__lang"
                >
                  <span className="home-header__pill">{lang.toUpperCase()}</span>
                </Link>
              )}
            </li>
          ))}
        </ul>
      </div>
    </header>
  );
}
