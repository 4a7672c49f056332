import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useOnlineStatus } from '../../lib/network/use-online-status';
import { useSession } from '../../lib/session/use-session';
import './session-error-banner.css';

/**
 * docs/product.md#states keeps a start-up failure of the session as a boot error: the visitor may then look signed
 * out while they are not. Online only (offline, the offline banner already says why); Retry reloads
 * the session, and a successful reload clears the boot error, so the banner goes away by itself.
 */
export function SessionErrorBanner() {
  const { bootError, reload } = useSession();
  const online = useOnlineStatus();
  const intl = useIntl();
  // Dismissing hides this error only: a new one (another object) shows again.
  const [dismissed, setDismissed] = useState<Error | null>(null);
  const [retrying, setRetrying] = useState(false);

  if (!bootError || !online || dismissed === bootError) return null;

  const retry = () => {
    setRetrying(true);
    void reload()
      .catch(() => undefined)
      .finally(() => setRetrying(false));
  };

  return (
    <div className="session-error-banner" role="alert" data-testid="session-error-banner">
      <p className="session-error-banner__text">
        <FormattedMessage id="layout.sessionError.message" />
      </p>
      <div className="session-error-banner__actions">
        <button
          type="button"
          className="session-error-banner__retry"
          onClick={retry}
          disabled={retrying}
          aria-busy={retrying}
        >
          <FormattedMessage id={retrying ? 'layout.sessionError.retrying' : 'layout.sessionError.retry'} />
        </button>
        <button
          type="button"
          className="session-error-banner__dismiss"
          onClick={() => setDismissed(bootError)}
          aria-label={intl.formatMessage({ id: 'layout.sessionError.dismiss' })}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </div>
  );
}
