import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { SubscriptionDetails } from '@pharmaradar/shared/billing.schema';
import { formatDate, formatPrice } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';
import { useDocumentTitle } from '../../lib/router/use-document-title';
import { useSession } from '../../lib/session/use-session';
import { Dialog } from '../../lib/ui/dialog';
import { FormAlert } from '../../lib/ui/form-alert';
import { LoadState } from '../../lib/ui/load-state';
import { PageFrame } from '../../lib/ui/page-frame';
import { cancelSubscription, goTo, loadSubscription, openPortal, resumeSubscription } from './billing-api';
import { LoginRequired } from './login-required';
import { ButtonLink } from '../../lib/ui/button-link';
import './billing.css';

/** Stripe's card brands are lower-case ids; a person reads the brand's own spelling. */
const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  bancontact: 'Bancontact',
  maestro: 'Maestro',
  discover: 'Discover',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  diners: 'Diners Club',
};
function brandName(brand: string): string {
  return BRANDS[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; subscription: SubscriptionDetails | null };

export default function SubscriptionPage() {
  const intl = useIntl();
  const locale = useLocale();
  const { booted, isAuthenticated, reload } = useSession();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `billing.subscription.${id}` }, values);
  useDocumentTitle(t('title'));

  const refresh = useCallback(async () => {
    setLoad({ state: 'loading' });
    try {
      setLoad({ state: 'ready', subscription: (await loadSubscription()).subscription });
    } catch {
      setLoad({ state: 'failed' });
    }
  }, []);

  useEffect(() => {
    if (booted && isAuthenticated) void refresh();
  }, [booted, isAuthenticated, refresh]);

  const act = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      setConfirming(false);
      // docs/product.md#states: the user is reloaded after cancel and resume.
      await reload();
      await refresh();
    } catch {
      setError(t('actionFailed'));
    } finally {
      setBusy(false);
    }
  };

  const portal = async () => {
    setBusy(true);
    setError(null);
    try {
      goTo(await openPortal());
    } catch {
      setError(t('portalFailed'));
      setBusy(false);
    }
  };

  if (!booted) return <PageFrame data-testid="billing-booting" />;
  if (!isAuthenticated) {
    return (
      <PageFrame>
        <LoginRequired from="/subscription" />
      </PageFrame>
    );
  }

  const money = (cents: number | null) => (cents === null ? '—' : formatPrice(cents / 100, locale));
  const date = (iso: string | null) => (iso ? formatDate(iso, locale) : '—');
  const body = () => {
    if (load.state === 'loading') return <LoadState state="loading" text={t('loading')} />;
    if (load.state === 'failed')
      return <LoadState state="failed" errorId="subscription-load-error" text={t('loadFailed')} />;
    const sub = load.subscription;
    if (!sub) {
      return (
        <>
          <p>{t('none')}</p>
          <ButtonLink primary to="/offers">
            {t('seeOffers')}
          </ButtonLink>
        </>
      );
    }
    const status = sub.cancel_at_period_end && !sub.canceled ? 'canceled_at_period_end' : sub.status;
    const interval = sub.price.interval ? t(`interval.${sub.price.interval}`) : '';
    const card = (c: NonNullable<SubscriptionDetails['payment_method']>) =>
      t('card', { brand: brandName(c.brand), last4: c.last4, month: c.exp_month, year: c.exp_year });
    return (
      <>
        {sub.status === 'past_due' ? (
          <p className="billing-banner" role="alert">
            {t('pastDue')}
          </p>
        ) : null}
        <dl className="billing-facts">
          <div>
            <dt>{t('status')}</dt>
            <dd data-testid="subscription-status">{t(`statuses.${status}`)}</dd>
          </div>
          <div>
            <dt>{t('plan')}</dt>
            <dd>{sub.plan}</dd>
          </div>
          <div>
            <dt>{t('price')}</dt>
            <dd data-testid="subscription-price">
              {t('perInterval', { amount: money(sub.price.amount), interval })}
              <span className="billing-vat"> {t('vatIncluded')}</span>
            </dd>
          </div>
          {sub.trial_end ? (
            <div>
              <dt>{t('trialEnd')}</dt>
              <dd>{date(sub.trial_end)}</dd>
            </div>
          ) : null}
          {sub.canceled ? null : (
            <div>
              {/* The period's end is a renewal unless a cancellation is scheduled: then Pro ends there. */}
              <dt data-testid="period-end-label">{t(sub.cancel_at_period_end ? 'accessEnds' : 'renewsOn')}</dt>
              <dd>{date(sub.current_period_end)}</dd>
            </div>
          )}
        </dl>
        {sub.canceled ? <p>{t('canceled')}</p> : null}
        {sub.cancel_at_period_end && !sub.canceled ? (
          <p data-testid="cancel-scheduled">{t('cancelScheduled', { date: date(sub.current_period_end) })}</p>
        ) : null}
        <h2>{t('paymentMethod')}</h2>
        <p data-testid="payment-method">{sub.payment_method ? card(sub.payment_method) : '—'}</p>
        {sub.other_payment_methods.length > 0 ? (
          <>
            <h3>{t('otherMethods')}</h3>
            <ul>
              {sub.other_payment_methods.map((m) => (
                <li key={`${m.brand}${m.last4}${m.exp_month}${m.exp_year}`}>{card(m)}</li>
              ))}
            </ul>
          </>
        ) : null}
        {sub.upcoming_invoice ? (
          <>
            <h2>{t('upcoming')}</h2>
            <p data-testid="upcoming-invoice">
              {t('upcomingLine', {
                amount: money(sub.upcoming_invoice.amount_due),
                start: date(sub.upcoming_invoice.period_start),
                end: date(sub.upcoming_invoice.period_end),
              })}
            </p>
            {sub.upcoming_invoice.next_payment_attempt ? (
              <p>{t('nextAttempt', { date: date(sub.upcoming_invoice.next_payment_attempt) })}</p>
            ) : null}
            {sub.upcoming_invoice.url ? (
              <p>
                <a href={sub.upcoming_invoice.url} data-testid="upcoming-invoice-link">
                  {t('upcomingView')}
                </a>
              </p>
            ) : null}
          </>
        ) : null}
        <h2>{t('invoices')}</h2>
        <table className="billing-table" data-testid="invoices">
          <tbody>
            {sub.invoices.map((inv) => (
              <tr key={`${inv.number}${inv.created}`}>
                <td>{inv.number}</td>
                <td>{date(inv.created)}</td>
                <td>{money(inv.amount_paid)}</td>
                <td>
                  {inv.hosted_invoice_url ? <a href={inv.hosted_invoice_url}>{t('view')}</a> : null}{' '}
                  {inv.invoice_pdf ? <a href={inv.invoice_pdf}>{t('pdf')}</a> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="billing-actions">
          <button type="button" className="btn btn--primary" onClick={() => void portal()} disabled={busy}>
            {t('portal')}
          </button>
          {!sub.canceled && !sub.cancel_at_period_end && !confirming ? (
            <button type="button" className="btn btn--secondary" onClick={() => setConfirming(true)} disabled={busy}>
              {t('cancel')}
            </button>
          ) : null}
          {!sub.canceled && sub.cancel_at_period_end ? (
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => void act(resumeSubscription)}
              disabled={busy}
            >
              {t('resume')}
            </button>
          ) : null}
        </div>
        {confirming ? (
          <Dialog
            labelledBy="cancel-confirm-title"
            describedBy="cancel-confirm-text"
            onClose={busy ? undefined : () => setConfirming(false)}
            testId="cancel-dialog"
          >
            <h2 id="cancel-confirm-title">{t('cancel')}</h2>
            <p id="cancel-confirm-text">{t('cancelConfirm')}</p>
            <div className="billing-actions">
              <button
                type="button"
                className="btn btn--primary"
                onClick={() => void act(cancelSubscription)}
                disabled={busy}
              >
                {t('confirm')}
              </button>
              <button type="button" className="btn btn--secondary" onClick={() => setConfirming(false)} disabled={busy}>
                {t('back')}
              </button>
            </div>
          </Dialog>
        ) : null}
      </>
    );
  };

  return (
    <PageFrame>
      <section className="panel billing-subscription" data-testid="subscription-page">
        <h1>{t('title')}</h1>
        <FormAlert id="subscription-error">{error}</FormAlert>
        {body()}
        <button type="button" className="btn btn--secondary" onClick={() => void refresh()}>
          {t('refresh')}
        </button>
      </section>
    </PageFrame>
  );
}
