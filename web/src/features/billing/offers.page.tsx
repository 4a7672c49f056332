import { useState } from 'react';
import { useIntl } from 'react-intl';
import { PRO_PRICE_EUR } from '@pharmaradar/shared/pro-price';
import { formatPrice } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';
import { useDocumentTitle } from '../../lib/router/use-document-title';
import { useSession } from '../../lib/session/use-session';
import { isApiRequestError } from '../../lib/api/client';
import { FormAlert } from '../../lib/ui/form-alert';
import { PageFrame } from '../../lib/ui/page-frame';
import { goTo, startCheckout } from './billing-api';
import { PlanComparison } from './plan-comparison';
import { ButtonLink } from '../../lib/ui/button-link';
import './billing.css';

export default function OffersPage() {
  const intl = useIntl();
  const locale = useLocale();
  const { booted, isAuthenticated, user } = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `billing.offers.${id}` }, values);
  useDocumentTitle(t('title'));

  const upgrade = async () => {
    setBusy(true);
    setError(null);
    try {
      goTo(await startCheckout());
    } catch (failure) {
      // The server answered but could not start a subscription (Stripe refused, misconfigured): say so;
      // no answer at all (offline, timeout) is the payment page that could not be opened.
      const refused = isApiRequestError(failure) && failure.status >= 400;
      setError(t(refused ? 'startFailed' : 'checkoutFailed'));
      setBusy(false);
    }
  };

  const proAction = !booted ? null : !isAuthenticated ? (
    <ButtonLink primary to="/register?plan=pro">
      {t('register')}
    </ButtonLink>
  ) : user.plan !== 'free' ? (
    <p data-testid="current-plan">{t('current')}</p>
  ) : (
    <button
      type="button"
      className="btn btn--primary"
      onClick={() => void upgrade()}
      disabled={busy}
      data-testid="upgrade"
    >
      {t('upgrade')}
    </button>
  );

  return (
    <PageFrame>
      <h1>{t('title')}</h1>
      <p className="billing-claim">{t('claim')}</p>
      <FormAlert id="offers-error">{error}</FormAlert>
      <div className="billing-plans">
        <section className="panel billing-plan" data-testid="plan-free">
          <h2>{t('free.name')}</h2>
          <p>{t('free.price')}</p>
          <ul>
            {(['b1', 'b2', 'b3'] as const).map((b) => (
              <li key={b}>{t(`free.${b}`)}</li>
            ))}
          </ul>
          {booted && !isAuthenticated ? (
            <ButtonLink to="/register">{t('register')}</ButtonLink>
          ) : booted && user.plan === 'free' ? (
            <p>{t('current')}</p>
          ) : null}
        </section>
        <section className="panel billing-plan billing-plan--pro" data-testid="plan-pro">
          <span className="billing-ribbon">{t('pro.ribbon')}</span>
          <h2>{t('pro.name')}</h2>
          <p data-testid="pro-price">{t('pro.price', { price: formatPrice(PRO_PRICE_EUR, locale) })}</p>
          <p>{t('pro.noCommitment')}</p>
          <ul>
            {(['b1', 'b2', 'b3', 'b4', 'b5', 'b6'] as const).map((b) => (
              <li key={b}>{t(`pro.${b}`)}</li>
            ))}
          </ul>
          {proAction}
        </section>
        <section className="panel billing-plan" data-testid="plan-ultra">
          <h2>{t('ultra.name')}</h2>
          <p>{t('ultra.price')}</p>
          <ul>
            {(['b1', 'b2', 'b3', 'b4'] as const).map((b) => (
              <li key={b}>{t(`ultra.${b}`)}</li>
            ))}
          </ul>
          {user.plan === 'ultra' ? (
            <p>{t('current')}</p>
          ) : (
            <ButtonLink to="/contact?subject=ultra">{t('ultra.contact')}</ButtonLink>
          )}
        </section>
      </div>
      <PlanComparison />
    </PageFrame>
  );
}
