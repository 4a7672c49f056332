import { FormattedMessage, useIntl } from 'react-intl';
import { GROUP_MAX_CNKS, SYNC_MAX_GROUPS, SYNC_MAX_STORED_BYTES } from '@pharmaradar/shared/group-sync-limits';
import { formatClockTime } from '../../../lib/i18n/format';
import { useLocale } from '../../../lib/i18n/use-locale';
import { groupSync } from './sync-controller';
import { useGroupSync } from './use-group-sync';

const LIMITS = { groups: SYNC_MAX_GROUPS, cnks: GROUP_MAX_CNKS, megabytes: SYNC_MAX_STORED_BYTES / 1_000_000 };

/**
 * The Pro tool's sync line: synced (and when the server last answered), syncing, changes waiting,
 * offline, a failed sync or a full group storage; then, until read, which of this device's changes lost to another device's
 * (ADR 132).
 */
export function SyncStatusLine() {
  const { status, pending, lost, checkedAt } = useGroupSync();
  const intl = useIntl();
  const locale = useLocale();
  const byReason = (reason: 'deleted' | 'conflict') => [
    ...new Set(lost.filter((l) => l.reason === reason).map((l) => l.name)),
  ];
  return (
    <>
      <p className="pro-sync-status" role="status" data-testid="pro-sync-status" data-state={status}>
        <FormattedMessage id={`pro.sync.status.${status}`} values={{ count: pending, ...LIMITS }} />
        {status === 'synced' && checkedAt !== null && (
          // Pulls run every few seconds: the time is read when the line is, not announced each minute.
          // In Belgian time, as the prices' times beside it, whatever zone the device is set to.
          <span aria-live="off" data-testid="pro-sync-checked">
            {' '}
            <FormattedMessage id="pro.sync.checkedAt" values={{ time: formatClockTime(checkedAt, locale) }} />
          </span>
        )}
      </p>
      {lost.length > 0 && (
        <div className="pro-sync-lost" role="alert" data-testid="pro-sync-lost">
          {(['deleted', 'conflict'] as const).map((reason) => {
            const names = byReason(reason);
            if (names.length === 0) return null;
            return (
              <p key={reason}>
                <FormattedMessage
                  id={`pro.sync.lost.${reason}`}
                  values={{
                    names: intl.formatList(
                      names.map((name) => intl.formatMessage({ id: 'pro.sync.lost.name' }, { name })),
                    ),
                    count: names.length,
                  }}
                />
              </p>
            );
          })}
          <button type="button" onClick={() => groupSync.dismissLost()}>
            <FormattedMessage id="pro.sync.lost.dismiss" />
          </button>
        </div>
      )}
    </>
  );
}
