import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { Plan } from '@pharmaradar/shared/current-user';
import { type AdminUser } from '@pharmaradar/shared/admin.schema';
import { isApiRequestError } from '../../lib/api/client';
import { Dialog } from '../../lib/ui/dialog';
import { adminApi } from './admin-api';
import { PlanOptions } from './plan-options';

/** Sets a user's plan (docs/product.md#audience-and-plans Ultra provisioning): free, pro or ultra, with an optional last day. */
export function PlanDialog({ user, onClose, onSaved }: { user: AdminUser; onClose: () => void; onSaved: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `admin.plan.${id}` }, values);
  const [plan, setPlan] = useState<Plan>(user.plan_grant ?? (user.plan === 'free' ? 'ultra' : user.plan));
  const [until, setUntil] = useState(user.pro_until ? user.pro_until.slice(0, 10) : '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await adminApi.setPlan(user.id, { plan, until: plan === 'free' || until === '' ? null : until });
      onSaved();
    } catch (err) {
      // The server's translated detail (past date, invalid date) says what to fix.
      setError(isApiRequestError(err) && err.detail ? err.detail : t('failed'));
      setBusy(false);
    }
  };

  return (
    <Dialog
      labelledBy="plan-dialog-title"
      describedBy="plan-dialog-text"
      onClose={busy ? undefined : onClose}
      testId="plan-dialog"
    >
      <h2 id="plan-dialog-title">{t('title')}</h2>
      <p id="plan-dialog-text">{t('text', { email: user.email })}</p>
      <form className="admin-plan-form" onSubmit={(e) => void submit(e)}>
        <label>
          {t('plan')}
          <select name="plan" value={plan} onChange={(e) => setPlan(e.target.value as Plan)}>
            <PlanOptions />
          </select>
        </label>
        {plan !== 'free' ? (
          <label>
            {t('until')}
            <input type="date" name="until" value={until} onChange={(e) => setUntil(e.target.value)} />
            <span className="admin-hint">{t('untilHint')}</span>
          </label>
        ) : null}
        {error ? (
          <p className="admin-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="admin-dialog-actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {t('save')}
          </button>
          <button type="button" className="btn btn--secondary" onClick={onClose} disabled={busy}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
