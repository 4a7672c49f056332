import { useState } from 'react';
import { useIntl } from 'react-intl';
import { api } from '../../lib/api/client';
import { saveFile } from '../../lib/save-file';
import { FormAlert } from '../../lib/ui/form-alert';

/** Today as YYYY-MM-DD, the server's file name when its answer carries none. */
const today = () => new Date().toISOString().slice(0, 10);

/** Everything the service holds about the user, as the JSON file of GET /api/account/export/. */
export function DataExportSection() {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function onDownload() {
    setBusy(true);
    setFailed(false);
    try {
      const file = await api.download('/account/export/');
      saveFile(file.blob, file.filename ?? `pharmaradar-export-${today()}.json`);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="account-card" aria-labelledby="data-title" data-testid="data-export-section">
      <h2 id="data-title">{intl.formatMessage({ id: 'account.data.title' })}</h2>
      <p className="account-hint">{intl.formatMessage({ id: 'account.data.hint' })}</p>
      <FormAlert id="data-export-error">{failed && intl.formatMessage({ id: 'account.data.failed' })}</FormAlert>
      <div className="account-actions">
        <button type="button" className="btn btn--secondary" onClick={() => void onDownload()} disabled={busy}>
          {intl.formatMessage({ id: busy ? 'account.data.downloading' : 'account.data.download' })}
        </button>
      </div>
    </section>
  );
}
