import { useSyncExternalStore } from 'react';
import { FormattedMessage } from 'react-intl';
import { updateStore } from '../../lib/pwa/update-store';
import './update-prompt.css';

/** "New version available — Reload", visible until the user decides. */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(updateStore.subscribe, updateStore.getSnapshot, () => false);
  if (!waiting) return null;
  return (
    <div className="update-prompt" role="alert" data-testid="update-prompt">
      <p className="update-prompt__text">
        <FormattedMessage id="common.pwa.updateAvailable" />
      </p>
      <div className="update-prompt__actions">
        <button type="button" className="update-prompt__later" onClick={() => updateStore.dismiss()}>
          <FormattedMessage id="common.pwa.later" />
        </button>
        <button type="button" className="update-prompt__reload" onClick={() => updateStore.apply()}>
          <FormattedMessage id="common.pwa.reload" />
        </button>
      </div>
    </div>
  );
}
