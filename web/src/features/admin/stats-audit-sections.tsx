import { useIntl } from 'react-intl';
import type { QueryCount } from '@pharmaradar/shared/admin.schema';
import { formatDateTime, formatNumber } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';
import { AdminSection } from './admin-section';
import { AdminTable } from './admin-table';
import { adminApi } from './admin-api';
import { useAdminLoad } from './use-admin-load';

const fetchStats = () => adminApi.searchStats();
const fetchAudit = async () => (await adminApi.audit()).entries;

function QueryList({ title, rows, empty }: { title: string; rows: QueryCount[]; empty: string }) {
  const locale = useLocale();
  return (
    <div className="admin-stats__list">
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p className="admin-empty">{empty}</p>
      ) : (
        <ol>
          {rows.map((r) => (
            <li key={r.query}>
              <span className="admin-query">{r.query}</span> ({formatNumber(r.searches, locale)})
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** Top queries and queries that found nothing, over the last 30 days. */
export function StatsSection() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id: `admin.stats.${id}` }, values);
  const { load, reload } = useAdminLoad(fetchStats);
  return (
    <AdminSection id="stats" load={load} onRetry={() => void reload()} isEmpty={(s) => s.top.length === 0}>
      {(stats) => (
        <>
          <p>{t('period', { days: stats.days })}</p>
          <div className="admin-stats">
            <QueryList title={t('top')} rows={stats.top} empty={t('noneTop')} />
            <QueryList title={t('noResult')} rows={stats.no_result} empty={t('noneNoResult')} />
          </div>
        </>
      )}
    </AdminSection>
  );
}

/** Every staff action, newest first; `version` changes after each action so the log reloads. */
export function AuditSection({ version }: { version: number }) {
  const intl = useIntl();
  const locale = useLocale();
  const t = (id: string) => intl.formatMessage({ id: `admin.audit.${id}` });
  const { load, reload } = useAdminLoad(fetchAudit, version);
  const describe = (details: Record<string, unknown>) =>
    Object.entries(details)
      .map(([key, value]) => `${key}: ${value === null ? '—' : String(value)}`)
      .join(', ');
  return (
    <AdminSection id="audit" load={load} onRetry={() => void reload()} isEmpty={(e) => e.length === 0}>
      {(entries) => (
        <AdminTable columns={[t('when'), t('who'), t('action'), t('target'), t('details')]}>
          {entries.map((e) => (
            <tr key={e.id} data-testid="admin-audit-row">
              <td>{formatDateTime(e.at, locale)}</td>
              <td>{e.actor_email}</td>
              <td>{t(`actions.${e.action}`)}</td>
              <td>{e.target_email ?? '—'}</td>
              <td>{describe(e.details)}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminSection>
  );
}
