import { FormattedMessage } from 'react-intl';
import { Dialog } from '../ui/dialog';

/** Asked before a logout would erase Pro changes the server has not received (issue 10.8). */
export function LogoutWarningDialog({ count, onAnswer }: { count: number; onAnswer: (logOut: boolean) => void }) {
  return (
    <Dialog
      labelledBy="logout-warning-title"
      describedBy="logout-warning-body"
      onClose={() => onAnswer(false)}
      testId="logout-warning"
    >
      <h2 id="logout-warning-title">
        <FormattedMessage id="common.logoutWarning.title" />
      </h2>
      <p id="logout-warning-body">
        <FormattedMessage id="common.logoutWarning.body" values={{ count }} />
      </p>
      <div className="dialog__actions">
        <button type="button" className="btn btn--secondary" onClick={() => onAnswer(false)}>
          <FormattedMessage id="common.logoutWarning.cancel" />
        </button>
        <button type="button" className="btn btn--primary" onClick={() => onAnswer(true)}>
          <FormattedMessage id="common.logoutWarning.confirm" />
        </button>
      </div>
    </Dialog>
  );
}
