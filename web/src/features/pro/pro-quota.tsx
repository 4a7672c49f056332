import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { proUsageSchema, type ProUsage } from '@pharmaradar/shared/pro.schema';
import { api } from '../../lib/api/client';
import { formatDate, formatNumber } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';
import { useOnlineStatus } from '../../lib/network/use-online-status';

/** This month's use of the Pro allowance (server's pro_usage), loaded when online and updated after each run. */
export function useProUsage() {
  const online = useOnlineStatus();
  const [usage, setUsage] = useState<ProUsage | null>(null);
  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    api.get('/pro/usage/', { schema: proUsageSchema, signal: controller.signal }).then(setUsage, () => undefined);
    return () => controller.abort();
  }, [online]);
  const update = useCallback(
    (next: ProUsage) => setUsage({ quota: next.quota, used: next.used, resetsOn: next.resetsOn }),
    [],
  );
  return [usage, update] as const;
}

export function ProQuota({ usage }: { usage: ProUsage | null }) {
  const locale = useLocale();
  if (!usage) return null;
  const reached = usage.used >= usage.quota;
  const values = {
    used: formatNumber(usage.used, locale),
    quota: formatNumber(usage.quota, locale),
    date: formatDate(usage.resetsOn, locale),
  };
  return (
    <div className={`pro-quota${reached ? ' pro-quota--reached' : ''}`} data-testid="pro-quota">
      <span className="pro-quota__label">
        <FormattedMessage id="pro.tool.quota.used" values={values} />
      </span>
      <meter
        className="pro-quota__meter"
        min={0}
        max={usage.quota}
        value={Math.min(usage.used, usage.quota)}
        aria-hidden="true"
      />
      {reached && (
        <p role="alert" className="pro-alert">
          <FormattedMessage id="pro.tool.quota.reached" values={values} />
        </p>
      )}
    </div>
  );
}
