import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Dialog } from '../../../lib/ui/dialog';

/** Deleting a group asks first: it goes on every synced device too. */
export function GroupDeleteDialog({
  name,
  onConfirm,
  onClose,
}: {
  name: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <Dialog
      labelledBy="pro-group-delete-title"
      describedBy="pro-group-delete-text"
      onClose={onClose}
      testId="pro-group-delete"
      className="pro-dialog"
    >
      <h2 id="pro-group-delete-title">
        <FormattedMessage id="pro.tool.group.deleteTitle" />
      </h2>
      <p id="pro-group-delete-text">
        <FormattedMessage id="pro.tool.group.deleteText" values={{ name }} />
      </p>
      {failed && (
        <p role="alert" className="pro-alert">
          <FormattedMessage id="pro.tool.group.deleteFailed" />
        </p>
      )}
      <div className="pro-actions pro-actions--end">
        <button type="button" className="btn btn--secondary" onClick={onClose}>
          <FormattedMessage id="pro.tool.cancel" />
        </button>
        <button
          type="button"
          className="btn pro-btn--danger"
          onClick={() => void onConfirm().catch(() => setFailed(true))}
        >
          <FormattedMessage id="pro.tool.group.deleteConfirm" />
        </button>
      </div>
    </Dialog>
  );
}
