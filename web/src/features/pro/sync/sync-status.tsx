import { FormattedMessage } from 'react-intl';
import { useGroupSync } from './use-group-sync';

/** The Pro tool's sync line: synced, syncing, changes waiting, offline, or a failed sync (issue 10.8). */
export function SyncStatusLine() {
  const { status, pending } = useGroupSync();
  return (
    <p className="pro-sync-status" role="status" data-testid="pro-sync-status" data-state={status}>
      <FormattedMessage id={`pro.sync.status.${status}`} values={{ count: pending }} />
    </p>
  );
}
