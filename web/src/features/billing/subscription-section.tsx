import { useState } from 'react';
import { useIntl } from 'react-intl';
import { goTo, startCheckout } from './checkout';
import { formatDate } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';
import { LocalizedLink } from '../../lib/router/localized-link';
import { useSession } from '../../lib/session/use-session';
import { FormAlert } from '../../lib/ui/form-alert';

/** Free: what Pro adds and an upgrade that opens the checkout (docs/architecture.md#billing-and-plans). Pro/Ultra: dates and manage. */
export function SubscriptionSection({ highlighted }: { highlighted: boolean }) {
  const intl = useIntl();
  const locale = useLocale();
  const { user } = useSession();
  const trialUntil =
    user.subscription_status === 'trialing' && user.trial_ends_at ? formatDate(user.trial_ends_at, locale) : null;
  const proUntil = user.pro_until ? formatDate(user.pro_until, locale) : null;
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
        <h2 id="subscription-title">{intl.formatMessage({ id: 'account.subscription.title' })}</h2>
        <span className={`account-plan${user.isPro ? ' account-plan--pro' : ''}`}>
          {intl.formatMessage({ id: `account.subscription.${user.plan}` })}
        </span>
      </div>
      {user.isPro ? (
        <>
          <p data-testid="subscription-state">
            {intl.formatMessage({
              // A scheduled cancellation keeps Pro until the period's end; the person must see it will not renew.
              id:
                user.subscription_status === 'canceled_at_period_end'
                  ? 'account.subscription.cancelledBody'
                  : 'account.subscription.proBody',
            })}
          </p>
          {trialUntil ? (
            <p className="account-hint">
              {intl.formatMessage({ id: 'account.subscription.trialUntil' }, { date: trialUntil })}
            </p>
          ) : null}
          {!trialUntil && proUntil ? (
            <p className="account-hint">
              {intl.formatMessage({ id: 'account.subscription.proUntil' }, { date: proUntil })}
            </p>
          ) : null}
          <div className="account-actions">
            <LocalizedLink className="btn btn--primary" to="/subscription">
              {intl.formatMessage({ id: 'account.subscription.manage' })}
            </LocalizedLink>
            <LocalizedLink className="btn btn--secondary" to="/pro">
              {intl.formatMessage({ id: 'account.subscription.openTool' })}
            </LocalizedLink>
          </div>
        </>
      ) : (
        <>
          <p>{intl.formatMessage({ id: 'account.subscription.freeBody' })}</p>
          <p className="account-hint">{intl.formatMessage({ id: 'account.subscription.proPitch' })}</p>
          <div className="account-actions">
            <button
              type="button"
              className="btn btn--primary account-upgrade"
              onClick={() => void upgrade()}
              disabled={starting}
              data-testid="account-upgrade"
            >
              {intl.formatMessage({ id: 'account.subscription.upgrade' })}
            </button>
          </div>
          <FormAlert id="account-upgrade-error">
            {failed ? intl.formatMessage({ id: 'account.subscription.upgradeFailed' }) : null}
          </FormAlert>
        </>
      )}
    </section>
  );
}
