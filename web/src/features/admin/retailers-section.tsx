import { useState } from 'react';
import { useIntl } from 'react-intl';
import { formatDateTime, formatNumber, formatPercent } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';
import { Spinner } from '../../lib/ui/spinner';
import { AdminSection } from './admin-section';
import { AdminTable } from './admin-table';
import { HealthAlarm } from './health-alarm';
import { adminApi } from './admin-api';
import { useAdminLoad } from './use-admin-load';

const fetchHealth = async () => (await adminApi.health()).retailers;
const fetchCheck = async () => (await adminApi.latestCheck()).check;

/** Per-retailer numbers over the last 24 hours of upstream calls, and the shop alarm (last hour). */
export function HealthSection() {
  const intl = useIntl();
  const locale = useLocale();
  const t = (id: string) => intl.formatMessage({ id: `admin.health.${id}` });
  const { load, reload } = useAdminLoad(fetchHealth);
  const ms = (value: number | null) => (value === null ? '—' : `${formatNumber(value, locale)} ms`);
  return (
    <AdminSection id="health" load={load} onRetry={() => void reload()} isEmpty={(r) => r.length === 0}>
      {(retailers) => (
        <AdminTable
          columns={[
            t('retailer'),
            t('searches'),
            t('successRate'),
            t('median'),
            t('p95'),
            t('parseFailures'),
            t('blocks'),
            t('alarm'),
          ]}
        >
          {retailers.map((r) => (
            <tr key={r.retailer} data-testid="admin-health-row" className={r.failing ? 'admin-row--bad' : undefined}>
              <th scope="row">{r.retailer}</th>
              <td>{formatNumber(r.searches, locale)}</td>
              <td>{r.success_rate === null ? '—' : formatPercent(r.success_rate, locale, 1)}</td>
              <td>{ms(r.median_ms)}</td>
              <td>{ms(r.p95_ms)}</td>
              <td>{formatNumber(r.parse_failures, locale)}</td>
              <td>{formatNumber(r.blocks, locale)}</td>
              <td>
                <HealthAlarm failing={r.failing} />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminSection>
  );
}

/** The latest `retailers:check` (command line or this button) and the button to run one now. */
export function CheckSection({ onChanged }: { onChanged: () => void }) {
  const intl = useIntl();
  const locale = useLocale();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `admin.check.${id}` }, values);
  const { load, reload, setLoad } = useAdminLoad(fetchCheck);
  const [running, setRunning] = useState(false);
  const [failed, setFailed] = useState(false);
  const run = async () => {
    setRunning(true);
    setFailed(false);
    try {
      setLoad({ state: 'ready', data: (await adminApi.runCheck()).check });
      onChanged();
    } catch {
      setFailed(true);
    } finally {
      setRunning(false);
    }
  };
  const tools = (
    <div className="admin-tools">
      <button type="button" className="btn btn--primary" onClick={() => void run()} disabled={running}>
        {running ? <Spinner size="sm" /> : null} {running ? t('running') : t('run')}
      </button>
      {failed ? (
        <p className="admin-error" role="alert">
          {t('runFailed')}
        </p>
      ) : null}
    </div>
  );
  return (
    <AdminSection id="check" load={load} onRetry={() => void reload()} isEmpty={(c) => c === null} tools={tools}>
      {(check) =>
        check ? (
          <>
            <p data-testid="admin-check-summary">
              {t(check.ok ? 'ok' : 'notOk', {
                date: formatDateTime(check.at, locale),
                source: t(`source.${check.source}`),
              })}
            </p>
            <AdminTable columns={[t('retailer'), t('query'), t('fetch'), t('parse'), t('time')]}>
              {check.results.map((r) => (
                <tr key={`${r.retailer}-${r.query}`} className={r.ok ? undefined : 'admin-row--bad'}>
                  <th scope="row">{r.retailer}</th>
                  <td>{r.query}</td>
                  <td>{r.fetch}</td>
                  <td>{r.parse}</td>
                  <td>{`${formatNumber(r.ms, locale)} ms`}</td>
                </tr>
              ))}
            </AdminTable>
          </>
        ) : null
      }
    </AdminSection>
  );
}
