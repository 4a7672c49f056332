import { useIntl } from 'react-intl';
import type { AdminMarket } from '@pharmaradar/shared/admin.schema';
import { formatNumber, formatPercent } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';
import { AdminSection } from './admin-section';
import { AdminTable } from './admin-table';
import { adminApi } from './admin-api';
import { useAdminLoad } from './use-admin-load';

const fetchMarket = async () => (await adminApi.market()).market;
const HOUR_MS = 3_600_000;

/**
 * The market store kept warm (ADR 234, 249): how many CNKs the refresh job keeps fresh, how long one
 * pass over them all takes at the set rate, and the share fresh at each shop read from its pages.
 */
export function MarketSection() {
  const intl = useIntl();
  const locale = useLocale();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `admin.market.${id}` }, values);
  const { load, reload } = useAdminLoad(fetchMarket);
  // In the unit that reads best: hours for a real pass, minutes or seconds for a small market.
  const duration = (ms: number) => {
    const [value, unit] =
      ms >= HOUR_MS ? [ms / HOUR_MS, 'hour'] : ms >= 60_000 ? [ms / 60_000, 'minute'] : [ms / 1000, 'second'];
    return formatNumber(value, locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 });
  };
  return (
    <AdminSection
      id="market"
      load={load}
      onRetry={() => void reload()}
      isEmpty={(m: AdminMarket | null) => !m || m.wanted === 0}
    >
      {(m) =>
        m && (
          <>
            <p data-testid="admin-market-summary">
              {t('summary', {
                count: m.wanted,
                wanted: formatNumber(m.wanted, locale),
                pass: duration(m.full_pass_ms),
                seconds: formatNumber(m.interval_ms / 1000, locale, { maximumFractionDigits: 2 }),
                fresh: formatNumber(m.fresh_hours, locale),
              })}
            </p>
            <AdminTable columns={[t('shop'), t('fresh'), t('share')]}>
              {m.shops.map((s) => (
                <tr
                  key={s.retailer}
                  data-testid="admin-market-row"
                  className={s.fresh < m.wanted ? 'admin-row--bad' : undefined}
                >
                  <th scope="row">{s.retailer}</th>
                  <td>
                    {t('freshOf', { fresh: formatNumber(s.fresh, locale), wanted: formatNumber(m.wanted, locale) })}
                  </td>
                  <td>{formatPercent(s.fresh / m.wanted, locale)}</td>
                </tr>
              ))}
            </AdminTable>
          </>
        )
      }
    </AdminSection>
  );
}
