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
 * Which figure sets a full pass's time, so the panel never passes a floor off as a measure: a shop
 * with no response time yet makes the figure a lower bound ("at least"); else the slowest shop sets
 * the pace when it answers slower than the rate allows, and the rate (the floor) otherwise.
 */
function passMessage(m: AdminMarket) {
  const unmeasured = m.shops.filter((s) => s.response_ms === null).length;
  if (unmeasured > 0) return { id: 'passUnmeasured', unmeasured, slowest: null };
  const slowest = m.shops.reduce<AdminMarket['shops'][number] | null>(
    (worst, s) => (s.pass_ms > m.floor_pass_ms && (!worst || s.pass_ms > worst.pass_ms) ? s : worst),
    null,
  );
  return { id: slowest ? 'passPaced' : 'passFloor', unmeasured, slowest };
}

/**
 * The market store kept warm (ADR 234, 249, 255): how many CNKs the refresh job keeps fresh, how long
 * one pass over them all takes (measured from the shops' response times, beside the rate's floor),
 * and per shop read from its pages the share fresh, its typical response time and its own pass.
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
  // A response time is under a few seconds: two decimals keep 20 ms from reading "0 s".
  const responseTime = (ms: number) =>
    formatNumber(ms / 1000, locale, { style: 'unit', unit: 'second', unitDisplay: 'short', maximumFractionDigits: 2 });
  return (
    <AdminSection
      id="market"
      load={load}
      onRetry={() => void reload()}
      isEmpty={(m: AdminMarket | null) => !m || m.wanted === 0}
    >
      {(m) => {
        if (!m) return null;
        const pass = passMessage(m);
        return (
          <>
            <p data-testid="admin-market-summary">
              {t('summary', {
                count: m.wanted,
                wanted: formatNumber(m.wanted, locale),
                fresh: formatNumber(m.fresh_hours, locale),
              })}
            </p>
            <p data-testid="admin-market-pass">
              {t(pass.id, {
                pass: duration(m.full_pass_ms),
                floor: duration(m.floor_pass_ms),
                seconds: formatNumber(m.interval_ms / 1000, locale, { maximumFractionDigits: 2 }),
                unmeasured: pass.unmeasured,
                shop: pass.slowest?.retailer ?? '',
                response: pass.slowest?.response_ms != null ? responseTime(pass.slowest.response_ms) : '',
              })}
            </p>
            <AdminTable columns={[t('shop'), t('fresh'), t('share'), t('response'), t('pass')]}>
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
                  <td>{s.response_ms === null ? t('notMeasured') : responseTime(s.response_ms)}</td>
                  <td>{duration(s.pass_ms)}</td>
                </tr>
              ))}
            </AdminTable>
          </>
        );
      }}
    </AdminSection>
  );
}
