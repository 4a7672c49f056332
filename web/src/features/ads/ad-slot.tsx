import { useContext, useEffect } from 'react';
import { useIntl } from 'react-intl';
import { loadAdNetworkScript, useAdNetwork } from './ad-network';
import { LocalizedLink } from '../../lib/router/localized-link';
import { SessionContext } from '../../lib/session/session-context';

/**
 * The ad space of the free tier (docs/product.md#audience-and-plans "with ads"). With an ad network configured on the server it
 * holds that network's ad unit and loads its script; otherwise a house ad for Pro. Pro users never see
 * it, and nothing of the network loads for them; while the session is still loading it stays hidden so
 * a Pro user gets no flash of advertising. Without a session provider the visitor case applies.
 */
export function AdSlot() {
  const intl = useIntl();
  const session = useContext(SessionContext);
  const shown = !session || (session.booted && !session.user.isPro);
  const network = useAdNetwork(shown);
  useEffect(() => {
    if (shown && network) loadAdNetworkScript(network);
  }, [shown, network]);
  if (!shown) return null;
  const t = (id: string) => intl.formatMessage({ id: `search.ad.${id}` });
  return (
    <aside className="ad-slot" aria-label={t('label')} data-testid="ad-slot">
      <span className="ad-slot__label">{t('label')}</span>
      {network ? (
        <ins className="ad-slot__network" data-ad-client={network.clientId ?? undefined} data-testid="ad-network" />
      ) : (
        <>
          <div className="ad-slot__content">
            <p className="ad-slot__title">{t('title')}</p>
            <p className="ad-slot__text">{t('text')}</p>
          </div>
          <LocalizedLink to="/offers" className="btn btn--secondary ad-slot__cta">
            {t('cta')}
          </LocalizedLink>
        </>
      )}
    </aside>
  );
}
