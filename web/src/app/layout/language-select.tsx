import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { LOCALES, isLocale } from '@pharmaradar/shared/locales';
import { rememberLocale, sessionStore } from '../../lib/i18n/detect-locale';
import { localeOfPath, switchLanguagePath } from '../../lib/router/localized-path';

/** Français / English / Nederlands: the same page under the other language prefix. */
export function LanguageSelect() {
  const intl = useIntl();
  const location = useLocation();
  const navigate = useNavigate();
  const id = useId();
  const current = localeOfPath(location.pathname);

  return (
    <div className="lang-select">
      <label className="visually-hidden" htmlFor={id}>
        {intl.formatMessage({ id: 'layout.language.label' })}
      </label>
      <svg
        className="lang-select__icon"
        viewBox="0 0 24 24"
        width="18"
        height="18"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path
          d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        />
      </svg>
      <select
        id={id}
        className="lang-select__control"
        data-testid="lang-select"
        value={current}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLocale(next) || next === current) return;
          rememberLocale(sessionStore(), next);
          void navigate(switchLanguagePath(`${location.pathname}${location.search}${location.hash}`, next));
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {intl.formatMessage({ id: `common.languages.${locale}` })}
          </option>
        ))}
      </select>
    </div>
  );
}
