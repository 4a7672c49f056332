import { FormattedMessage } from 'react-intl';
import { useOnlineStatus } from '../../lib/network/use-online-status';
import './offline-banner.css';

/** SPEC §2: shown on every page (home included) while the browser reports no connection. */
export function OfflineBanner() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <div className="offline-banner" role="status" aria-live="polite" data-testid="offline-banner">
      <span className="offline-banner__dot" aria-hidden="true" />
      <FormattedMessage id="common.offline.banner" />
    </div>
  );
}
