import { FormattedMessage } from 'react-intl';
import { Dialog } from '../ui/dialog';

/** What the person chose: send the changes first, log out and lose them, or stay. */
export type LogoutAnswer = 'sync' | 'logout' | 'cancel';

/**
 * Asked before a logout would erase Pro changes the server has not received (ADR 080): groups,
 * their lines' purchase prices, VAT and names, settings. `stillPending` says a sync was just tried.
 */
export function LogoutWarningDialog({
  count,
  stillPending = false,
  onAnswer,
}: {
  count: number;
  stillPending?: boolean;
  onAnswer: (answer: LogoutAnswer) => void;
}) {
  return (
    <Dialog
      labelledBy="logout-warning-title"
      describedBy="logout-warning-body"
      onClose={() => onAnswer('cancel')}
      testId="logout-warning"
    >
      <h2 id="logout-warning-title">
        <FormattedMessage id="common.logoutWarning.title" />
      </h2>
      <div id="logout-warning-body">
        {stillPending && (
          <p role="alert">
            <FormattedMessage id="common.logoutWarning.stillPending" />
          </p>
        )}
        <p>
          <FormattedMessage id="common.logoutWarning.body" values={{ count }} />
        </p>
      </div>
      <div className="dialog__actions">
        <button type="button" className="btn btn--secondary" onClick={() => onAnswer('cancel')}>
          <FormattedMessage id="common.logoutWarning.cancel" />
        </button>
        <button type="button" className="btn btn--secondary" onClick={() => onAnswer('logout')}>
          <FormattedMessage id="common.logoutWarning.confirm" />
        </button>
        <button type="button" className="btn btn--primary" onClick={() => onAnswer('sync')}>
          <FormattedMessage id="common.logoutWarning.syncFirst" />
        </button>
      </div>
    </Dialog>
  );
}
