import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Alert } from '@pharmaradar/shared/alerts.schema';
import { deleteAlert, listAlerts } from './alerts-api';

/** The user's price alerts, each deletable (they are set on the product pages). */
export function AlertsSection() {
  const intl = useIntl();
  const [alerts, setAlerts] = useState<Alert[] | null>(null);
  const [failed, setFailed] = useState(false);
  const t = (key: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `alerts.account.${key}` }, values);
  const euro = (v: number) => intl.formatNumber(v, { style: 'currency', currency: 'EUR' });

  useEffect(() => {
    listAlerts().then(setAlerts, () => setFailed(true));
  }, []);

  const remove = async (id: number) => {
    try {
      await deleteAlert(id);
      setAlerts((list) => list?.filter((a) => a.id !== id) ?? null);
    } catch {
      setFailed(true);
    }
  };

  return (
    <section className="account-card" aria-labelledby="alerts-title" data-testid="account-alerts">
      <h2 id="alerts-title">{t('title')}</h2>
      {failed && (
        <p className="account-hint" data-testid="alerts-failed">
          {t('failed')}
        </p>
      )}
      {alerts && alerts.length === 0 && <p className="account-hint">{t('empty')}</p>}
      {alerts && alerts.length > 0 && (
        <ul className="account-links">
          {alerts.map((a) => (
            <li key={a.id} data-testid="alert-row">
              <span>
                {a.product_name} · {a.kind === 'below' ? t('below', { price: euro(a.target_price ?? 0) }) : t('drop')}
              </span>{' '}
              <button
                type="button"
                className="btn btn--secondary"
                onClick={() => void remove(a.id)}
                aria-label={t('deleteLabel', { product: a.product_name })}
              >
                {t('delete')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
