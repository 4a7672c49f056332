import { useCallback, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { type AdminUser, type AdminUserQuery } from '@pharmaradar/shared/admin.schema';
import { formatDate, formatDateTime } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';
import { AdminSection } from './admin-section';
import { AdminTable } from './admin-table';
import { adminApi } from './admin-api';
import { PlanDialog } from './plan-dialog';
import { useAdminLoad } from './use-admin-load';
import { PlanOptions } from './plan-options';

const FIRST_QUERY: AdminUserQuery = { q: '', plan: '', sort: 'created' };

/** Users: search by e-mail, filter by plan, sort by created or last seen; set the plan, mark staff. */
export function UsersSection({ onChanged, selfId }: { onChanged: () => void; selfId: number | null }) {
  const intl = useIntl();
  const locale = useLocale();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `admin.users.${id}` }, values);
  const [query, setQuery] = useState<AdminUserQuery>(FIRST_QUERY);
  const [draft, setDraft] = useState<AdminUserQuery>(FIRST_QUERY);
  const fetcher = useCallback(async () => (await adminApi.users(query)).users, [query]);
  const { load, reload } = useAdminLoad(fetcher);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [staffError, setStaffError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ ...draft });
  };
  const toggleStaff = async (user: AdminUser) => {
    setStaffError(null);
    try {
      await adminApi.setStaff(user.id, !user.is_staff);
      onChanged();
      await reload();
    } catch {
      setStaffError(t('staffFailed'));
    }
  };
  const when = (iso: string | null) => (iso ? formatDateTime(iso, locale) : '—');

  const tools = (
    <form className="admin-filters" role="search" onSubmit={submit} aria-label={t('searchLabel')}>
      <label>
        {t('email')}
        <input
          type="search"
          name="q"
          value={draft.q}
          onChange={(e) => setDraft({ ...draft, q: e.target.value })}
          autoComplete="off"
        />
      </label>
      <label>
        {t('plan')}
        <select
          name="plan"
          value={draft.plan}
          onChange={(e) => setDraft({ ...draft, plan: e.target.value as AdminUserQuery['plan'] })}
        >
          <option value="">{t('anyPlan')}</option>
          <PlanOptions />
        </select>
      </label>
      <label>
        {t('sort')}
        <select
          name="sort"
          value={draft.sort}
          onChange={(e) => setDraft({ ...draft, sort: e.target.value as AdminUserQuery['sort'] })}
        >
          <option value="created">{t('sortCreated')}</option>
          <option value="last_seen">{t('sortLastSeen')}</option>
        </select>
      </label>
      <button type="submit" className="btn btn--primary">
        {t('search')}
      </button>
      {staffError ? (
        <p className="admin-error" role="alert">
          {staffError}
        </p>
      ) : null}
    </form>
  );

  return (
    <AdminSection id="users" load={load} onRetry={() => void reload()} isEmpty={(u) => u.length === 0} tools={tools}>
      {(users) => (
        <>
          <AdminTable
            columns={[t('email'), t('name'), t('plan'), t('created'), t('lastSeen'), t('staff'), t('actions')]}
          >
            {users.map((user) => (
              <tr key={user.id} data-testid="admin-user-row" data-email={user.email}>
                <td>{user.email}</td>
                <td>{`${user.first_name} ${user.last_name}`.trim() || '—'}</td>
                <td data-testid="admin-user-plan">
                  {intl.formatMessage({ id: `admin.plans.${user.plan}` })}
                  {user.plan_grant && user.pro_until
                    ? ` ${t('until', { date: formatDate(user.pro_until, locale) })}`
                    : ''}
                </td>
                <td>{when(user.date_joined)}</td>
                <td>{when(user.last_seen)}</td>
                <td>{user.is_staff ? t('yes') : t('no')}</td>
                <td className="admin-actions">
                  <button
                    type="button"
                    className="btn btn--secondary btn--small"
                    onClick={() => setEditing(user)}
                    aria-label={t('changePlanFor', { email: user.email })}
                  >
                    {t('changePlan')}
                  </button>
                  <button
                    type="button"
                    className="btn btn--secondary btn--small"
                    onClick={() => void toggleStaff(user)}
                    disabled={user.is_staff && user.id === selfId}
                    aria-label={t(user.is_staff ? 'unmarkStaffFor' : 'markStaffFor', { email: user.email })}
                  >
                    {user.is_staff ? t('unmarkStaff') : t('markStaff')}
                  </button>
                </td>
              </tr>
            ))}
          </AdminTable>
          {/* The dialog is a portal: where it stands here does not move it on screen. */}
          {editing ? (
            <PlanDialog
              user={editing}
              onClose={() => setEditing(null)}
              onSaved={() => {
                setEditing(null);
                onChanged();
                void reload();
              }}
            />
          ) : null}
        </>
      )}
    </AdminSection>
  );
}
