import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { PRO_PRICE_EUR } from '@pharmaradar/shared/pro-price';
import { useSearchParams } from 'react-router';
import { promotionCodeSchema } from '@pharmaradar/shared/billing.schema';
import { isApiRequestError } from '../../lib/api/client';
import { formatPrice } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';
import { LocalizedLink } from '../../lib/router/localized-link';
import { useDocumentTitle } from '../../lib/router/use-document-title';
import { useLocalizedPath } from '../../lib/router/use-localized-path';
import { useSession } from '../../lib/session/use-session';
import { FormAlert } from '../../lib/ui/form-alert';
import { PageFrame } from '../../lib/ui/page-frame';
import { TextField } from '../../lib/ui/text-field';
import { goTo, startCheckout } from './billing-api';
import { ButtonLink } from '../../lib/ui/button-link';
import './billing.css';

const BENEFITS = ['b1', 'b2', 'b3', 'b4', 'b5', 'b6'] as const;

/**
 * docs/product.md#plain-layout-pages /promo (plain layout): the Pro offer with an optional promotion code, pre-filled from
 * `?code=` (a campaign link), checked by the server with Stripe and applied to the checkout.
 */
export default function PromoPage() {
  const intl = useIntl();
  const locale = useLocale();
  const localize = useLocalizedPath();
  const [params] = useSearchParams();
  const { booted, isAuthenticated, user } = useSession();
  const [code, setCode] = useState(params.get('code') ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `billing.promo.${id}` }, values);
  useDocumentTitle(t('title'));

  const trimmed = code.trim();
  // Logging in brings the visitor back here with the code they typed.
  const back = localize(trimmed ? `/promo?code=${encodeURIComponent(trimmed)}` : '/promo');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (trimmed && !promotionCodeSchema.safeParse(trimmed).success) {
      setError(t('codeFormat'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      goTo(await startCheckout({ promotionCode: trimmed || undefined }));
    } catch (failure) {
      // The server's own words for a code Stripe does not know (already in the interface language).
      const invalid = isApiRequestError(failure) && failure.code === 'promotion_code_invalid';
      setError(invalid && failure.detail ? failure.detail : t('checkoutFailed'));
      setBusy(false);
    }
  };

  let action = null;
  if (booted && !isAuthenticated) {
    action = (
      <div className="billing-actions" data-testid="promo-visitor">
        <ButtonLink primary to={`/login?from=${encodeURIComponent(back)}`}>
          {t('login')}
        </ButtonLink>
        <ButtonLink to="/register">{t('register')}</ButtonLink>
      </div>
    );
  } else if (booted && user.plan !== 'free') {
    action = (
      <p data-testid="promo-already-pro">
        {t('alreadyPro')} <LocalizedLink to="/subscription">{t('subscription')}</LocalizedLink>
      </p>
    );
  } else if (booted) {
    action = (
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="promo-form">
        <TextField
          id="promo-code"
          name="promotion_code"
          label={t('codeLabel')}
          hint={t('codeHint')}
          value={code}
          onValueChange={(value) => {
            setCode(value);
            setError(null);
          }}
          invalid={error !== null}
          describedBy={[error ? 'promo-error' : null]}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
        />
        <FormAlert id="promo-error">{error}</FormAlert>
        <div className="billing-actions">
          <button type="submit" className="btn btn--primary" disabled={busy} data-testid="promo-checkout">
            {t('checkout')}
          </button>
        </div>
      </form>
    );
  }

  return (
    <PageFrame>
      <section className="panel billing-plan billing-plan--pro" data-testid="promo">
        <span className="billing-ribbon">{intl.formatMessage({ id: 'billing.offers.pro.ribbon' })}</span>
        <h1>{t('title')}</h1>
        <p className="billing-claim">{intl.formatMessage({ id: 'billing.offers.claim' })}</p>
        <p>
          {intl.formatMessage({ id: 'billing.offers.pro.price' }, { price: formatPrice(PRO_PRICE_EUR, locale) })}{' '}
          {intl.formatMessage({ id: 'billing.offers.pro.noCommitment' })}
        </p>
        <ul>
          {BENEFITS.map((b) => (
            <li key={b}>{intl.formatMessage({ id: `billing.offers.pro.${b}` })}</li>
          ))}
        </ul>
        {action}
        <p>
          <LocalizedLink to="/offers">{t('allPlans')}</LocalizedLink>
        </p>
      </section>
    </PageFrame>
  );
}
