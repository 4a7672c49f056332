import { useContext } from 'react';
import { useIntl } from 'react-intl';
import { LocalizedLink } from '../../../lib/router';
import { SessionContext } from '../../../lib/session/session-context';

/**
 * The ad space of the free tier (SPEC §1 "with ads"). It holds a house ad for Pro: no third-party ad
 * script runs (CSP, privacy). Pro users never see it; while the session is still loading it stays
 * hidden so a Pro user gets no flash of advertising. Without a session provider the visitor case applies.
 */
export function AdSlot() {
  const intl = useIntl();
  const session = useContext(SessionContext);
  if (session && (!session.booted || session.user.isPro)) return null;
  const t = (id: string) => intl.formatMessage({ id: `search.ad.${id}` });
  return (
    <aside className="ad-slot" aria-label={t('label')} data-testid="ad-slot">
      <span className="ad-slot__label">{t('label')}</span>
      <div className="ad-slot__content">
        <p className="ad-slot__title">{t('title')}</p>
        <p className="ad-slot__text">{t('text')}</p>
      </div>
      <LocalizedLink to="/offers" className="btn btn--secondary ad-slot__cta">
        {t('cta')}
      </LocalizedLink>
    </aside>
  );
}
