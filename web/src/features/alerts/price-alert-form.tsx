import { useContext, useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { AlertKind } from '@pharmaradar/shared/alerts.schema';
import { createAlert } from './alerts-api';
import { LocalizedLink } from '../../lib/router';
import { SessionContext } from '../../lib/session/session-context';

type Status = 'idle' | 'saving' | 'saved' | 'invalid' | 'failed';

/** "Alert me when the price drops": logged-in users only, the alert is then listed in the account. */
export function PriceAlertForm({ cnk, productName }: { cnk: string; productName: string }) {
  const intl = useIntl();
  const id = useId();
  // Read without useSession(): the landing page also renders where no session is provided (tests).
  const isAuthenticated = useContext(SessionContext)?.isAuthenticated ?? false;
  const [kind, setKind] = useState<AlertKind>('below');
  const [price, setPrice] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const t = (key: string) => intl.formatMessage({ id: `alerts.form.${key}` });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const target = Number(price.replace(',', '.'));
    if (kind === 'below' && !(target > 0)) return setStatus('invalid');
    setStatus('saving');
    try {
      await createAlert({ cnk, product_name: productName, kind, target_price: kind === 'below' ? target : null });
      setStatus('saved');
    } catch {
      setStatus('failed');
    }
  };

  return (
    <section className="product-page__alert" aria-labelledby={`${id}-title`} data-testid="price-alert">
      <h2 id={`${id}-title`}>{t('title')}</h2>
      {!isAuthenticated ? (
        <p>
          <LocalizedLink to="/login">{t('login')}</LocalizedLink>
        </p>
      ) : (
        <form onSubmit={submit} noValidate>
          <fieldset>
            <legend>{t('legend')}</legend>
            <label>
              <input type="radio" name="kind" checked={kind === 'below'} onChange={() => setKind('below')} />{' '}
              {t('below')}
            </label>
            <label>
              <input type="radio" name="kind" checked={kind === 'drop'} onChange={() => setKind('drop')} /> {t('drop')}
            </label>
          </fieldset>
          {kind === 'below' && (
            <p>
              <label htmlFor={`${id}-price`}>{t('price')}</label>{' '}
              <input
                id={`${id}-price`}
                data-testid="alert-price"
                inputMode="decimal"
                value={price}
                onChange={(e) => setPrice(e.target.value)}
                aria-invalid={status === 'invalid' || undefined}
              />
            </p>
          )}
          <button type="submit" className="btn btn--primary" data-testid="alert-submit" disabled={status === 'saving'}>
            {t('submit')}
          </button>
          {status !== 'idle' && status !== 'saving' && (
            <p role={status === 'saved' ? 'status' : 'alert'} data-testid="alert-result" data-status={status}>
              {t(status)}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
