import { useState } from 'react';
import { useIntl } from 'react-intl';
import { goTo, startCheckout } from './checkout';
import { formatDate } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';
import { useSession } from '../../lib/session/use-session';
import { FormAlert } from '../../lib/ui/form-alert';
import { ButtonLink } from '../../lib/ui/button-link';

/** Free: what Pro adds and an upgrade that opens the checkout (docs/architecture.md#billing-and-plans). Pro/Ultra: dates and manage. */
export function SubscriptionSection({ highlighted }: { highlighted: boolean }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `account.subscription.${id}` }, values);
  const locale = useLocale();
  const { user } = useSession();
  const trialUntil =
    user.subscription_status === 'trialing' && user.trial_ends_at ? formatDate(user.trial_ends_at, locale) : null;
  const proUntil = user.pro_until ? formatDate(user.pro_until, locale) : null;
  // A scheduled cancellation keeps Pro until the period's end; the person must see it will not renew.
  const cancelling = user.subscription_status === 'canceled_at_period_end';
  const [starting, setStarting] = useState(false);
  const [failed, setFailed] = useState(false);

  const upgrade = async () => {
    setStarting(true);
    setFailed(false);
    try {
      goTo(await startCheckout());
    } catch {
      setFailed(true);
      setStarting(false);
    }
  };

  return (
    <section
      id="subscription"
      className={`account-card account-subscription${highlighted ? ' account-card--highlight' : ''}`}
      aria-labelledby="subscription-title"
      data-testid="subscription-section"
      data-highlighted={highlighted || undefined}
    >
      <div className="account-card__head">
        <h2 id="subscription-title">{t('title')}</h2>
        <span className={`account-plan${user.isPro ? ' account-plan--pro' : ''}`}>{t(user.plan)}</span>
      </div>
      {user.isPro ? (
        <>
          <p data-testid="subscription-state">{t(cancelling ? 'cancelledBody' : 'proBody')}</p>
          {trialUntil ? <p className="account-hint">{t('trialUntil', { date: trialUntil })}</p> : null}
          {!trialUntil && proUntil ? <p className="account-hint">{t('proUntil', { date: proUntil })}</p> : null}
          <div className="account-actions">
            <ButtonLink primary to="/subscription">
              {t('manage')}
            </ButtonLink>
            <ButtonLink to="/pro">{t('openTool')}</ButtonLink>
          </div>
        </>
      ) : (
        <>
          <p>{t('freeBody')}</p>
          <p className="account-hint">{t('proPitch')}</p>
          <div className="account-actions">
            <button
              type="button"
              className="btn btn--primary account-upgrade"
              onClick={() => void upgrade()}
              disabled={starting}
              data-testid="account-upgrade"
            >
              {t('upgrade')}
            </button>
          </div>
          <FormAlert id="account-upgrade-error">{failed ? t('upgradeFailed') : null}</FormAlert>
        </>
      )}
    </section>
  );
}
