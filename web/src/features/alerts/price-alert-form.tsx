import { useContext, useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { AlertKind } from '@pharmaradar/shared/alerts.schema';
import { createAlert } from './alerts-api';
import { formatPrice } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';
import './price-alert-form.css';
import { LocalizedLink } from '../../lib/router/localized-link';
import { SessionContext } from '../../lib/session/session-context';
import { PushControl } from './push/push-control';

type Status = 'idle' | 'saving' | 'saved' | 'savedMet' | 'invalid' | 'failed';

/** "Alert me when the price drops": logged-in users only, the alert is then listed in the account. */
export function PriceAlertForm({
  cnk,
  productName,
  lowestPrice = null,
}: {
  cnk: string;
  productName: string;
  /** The cheapest price one can buy now (null: not known yet): a threshold it already meets is said so. */
  lowestPrice?: number | null;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const id = useId();
  // Read without useSession(): the landing page also renders where no session is provided (tests).
  const isAuthenticated = useContext(SessionContext)?.isAuthenticated ?? false;
  const [kind, setKind] = useState<AlertKind>('below');
  const [price, setPrice] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const t = (key: string, values?: Record<string, string>) => intl.formatMessage({ id: `alerts.form.${key}` }, values);
  const typed = Number(price.replace(',', '.'));
  // The server mails at the first check for a met threshold (ADR 209): the form says so before and after.
  const met = kind === 'below' && lowestPrice !== null && typed > 0 && typed >= lowestPrice;
  const metValues = { price: lowestPrice === null ? '' : formatPrice(lowestPrice, locale) };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const target = Number(price.replace(',', '.'));
    if (kind === 'below' && !(target > 0)) return setStatus('invalid');
    setStatus('saving');
    try {
      await createAlert({ cnk, product_name: productName, kind, target_price: kind === 'below' ? target : null });
      setStatus(met ? 'savedMet' : 'saved');
    } catch {
      setStatus('failed');
    }
  };

  return (
    <section className="price-alert" aria-labelledby={`${id}-title`} data-testid="price-alert">
      <h2 id={`${id}-title`}>{t('title')}</h2>
      {!isAuthenticated ? (
        <p>
          <LocalizedLink to="/login">{t('login')}</LocalizedLink>
        </p>
      ) : (
        <form className="price-alert__form" onSubmit={submit} noValidate>
          <fieldset className="price-alert__kinds">
            <legend>{t('legend')}</legend>
            <label className="price-alert__kind">
              <input type="radio" name="kind" checked={kind === 'below'} onChange={() => setKind('below')} />{' '}
              {t('below')}
            </label>
            <label className="price-alert__kind">
              <input type="radio" name="kind" checked={kind === 'drop'} onChange={() => setKind('drop')} /> {t('drop')}
            </label>
          </fieldset>
          {kind === 'below' && (
            <p className="price-alert__price">
              <label htmlFor={`${id}-price`}>{t('price')}</label>
              <input
                id={`${id}-price`}
                data-testid="alert-price"
                inputMode="decimal"
                value={price}
                onChange={(e) => setPrice(e.target.value)}
                aria-invalid={status === 'invalid' || undefined}
                aria-describedby={met ? `${id}-met` : undefined}
              />
            </p>
          )}
          {met && status !== 'savedMet' && (
            <p id={`${id}-met`} className="price-alert__note" role="status" data-testid="alert-met">
              {t('met', metValues)}
            </p>
          )}
          <button type="submit" className="btn btn--primary" data-testid="alert-submit" disabled={status === 'saving'}>
            {t('submit')}
          </button>
          {status !== 'idle' && status !== 'saving' && (
            <p
              className={`price-alert__result price-alert__result--${status === 'invalid' || status === 'failed' ? 'error' : 'ok'}`}
              role={status === 'saved' || status === 'savedMet' ? 'status' : 'alert'}
              data-testid="alert-result"
              data-status={status}
            >
              {t(status, metValues)}
            </p>
          )}
          {/* Offered once there is an alert to be notified of: the browser asks its permission on this tap. */}
          {(status === 'saved' || status === 'savedMet') && <PushControl variant="alert" />}
        </form>
      )}
    </section>
  );
}
