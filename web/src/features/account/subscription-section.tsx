import { useIntl } from 'react-intl';
import { formatDate, useLocale } from '../../lib/i18n';
import { LocalizedLink } from '../../lib/router';
import { useSession } from '../../lib/session';

/** Free: what Pro adds and the way to the plans page. Pro: its dates and the way to manage it. */
export function SubscriptionSection({ highlighted }: { highlighted: boolean }) {
  const intl = useIntl();
  const locale = useLocale();
  const { user } = useSession();
  const trialUntil =
    user.subscription_status === 'trialing' && user.trial_ends_at ? formatDate(user.trial_ends_at, locale) : null;
  const proUntil = user.pro_until ? formatDate(user.pro_until, locale) : null;

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
          {intl.formatMessage({ id: user.isPro ? 'account.subscription.pro' : 'account.subscription.free' })}
        </span>
      </div>
      {user.isPro ? (
        <>
          <p>{intl.formatMessage({ id: 'account.subscription.proBody' })}</p>
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
            <LocalizedLink className="btn btn--primary account-upgrade" to="/offers" data-testid="account-upgrade">
              {intl.formatMessage({ id: 'account.subscription.upgrade' })}
            </LocalizedLink>
          </div>
        </>
      )}
    </section>
  );
}
