import { useIntl } from 'react-intl';
import type { AdminFeed } from '@pharmaradar/shared/admin.schema';
import { formatDateTime, formatNumber } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';
import { AdminSection } from './admin-section';
import { AdminTable } from './admin-table';
import { adminApi } from './admin-api';
import { useAdminLoad } from './use-admin-load';

const fetchFeeds = async () => (await adminApi.feeds()).feeds;
const REFUSALS = new Set(['truncated', 'malformed', 'empty', 'too_large', 'shrunk', 'unreachable']);

/** The shops read from product feeds: source, last import, items, last refusal and why (ADR 171). */
export function FeedsSection() {
  const intl = useIntl();
  const locale = useLocale();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `admin.feeds.${id}` }, values);
  const { load, reload } = useAdminLoad(fetchFeeds);
  const refusalText = (r: NonNullable<AdminFeed['last_refusal']>) =>
    t('refusal', {
      date: formatDateTime(r.at, locale),
      refusal: REFUSALS.has(r.refusal) ? t(`kinds.${r.refusal}`) : r.refusal,
      message: r.message ?? '—',
    });
  return (
    <AdminSection id="feeds" load={load} onRetry={() => void reload()} isEmpty={(f) => f.length === 0}>
      {(feeds) => (
        <AdminTable columns={[t('shop'), t('source'), t('importedAt'), t('items'), t('lastRefusal')]}>
          {feeds.map((f) => (
            <tr key={f.retailer} data-testid="admin-feed-row" className={f.refused ? 'admin-row--bad' : undefined}>
              <th scope="row">{f.name}</th>
              <td className="admin-feed__source">{f.source}</td>
              <td>{f.imported_at ? formatDateTime(f.imported_at, locale) : t('never')}</td>
              <td>{f.items === null ? '—' : formatNumber(f.items, locale)}</td>
              <td>
                {f.refused ? <strong>{t('refusedNow')}</strong> : null}
                <div>{f.last_refusal ? refusalText(f.last_refusal) : t('none')}</div>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminSection>
  );
}
