import type { RetailerFailing } from '@pharmaradar/shared/admin.schema';
import { useIntl } from 'react-intl';
import { formatDateTime } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';

const KINDS = new Set(['blocked', 'parse_failed', 'timeout', 'error', 'feed_refused']);

/**
 * The shop alarm's cell of the health table: since when the shop is failing, why (the connector's own
 * message, e.g. "robots.txt of host disallows /path"), and whether staff were mailed.
 */
export function HealthAlarm({ failing }: { failing: RetailerFailing | null }) {
  const intl = useIntl();
  const locale = useLocale();
  if (!failing) return <>—</>;
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `admin.health.${id}` }, values);
  const kind = failing.error && KINDS.has(failing.error) ? t(`kind.${failing.error}`) : failing.error;
  return (
    <div className="admin-alarm" data-testid="admin-health-alarm">
      <strong>{t('failingSince', { date: formatDateTime(failing.since, locale) })}</strong>
      {kind ? <div>{failing.reason ? t('cause', { kind, reason: failing.reason }) : kind}</div> : null}
      <div className="admin-alarm__mail">
        {failing.mailed_at ? t('mailedAt', { date: formatDateTime(failing.mailed_at, locale) }) : t('mailHeld')}
      </div>
    </div>
  );
}
