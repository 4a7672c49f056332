import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { normaliseCnk } from '@pharmaradar/shared/cnk';
import { Dialog } from '../../lib/ui';
import type { ImportResult } from './import/import-result';
import { readImportFileInWorker } from './workers/import-worker.client';

import type { ImportRow } from '@pharmaradar/shared';

export type NewGroup = { name: string; description: string; cnks: string[]; imported: ImportRow[] };

/** Group creation (SPEC §2): name required, description, CNKs pasted or imported with a preview. */
export function GroupCreateDialog({
  onCreate,
  onClose,
}: {
  onCreate: (g: NewGroup) => Promise<void>;
  onClose: () => void;
}) {
  const intl = useIntl();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [pasted, setPasted] = useState('');
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  const importFile = async (file: File) => {
    try {
      const result = await readImportFileInWorker(file);
      setPreview(result);
      if (result.error)
        setError(
          intl.formatMessage(
            {
              id: `pro.import.errors.${result.error}`,
              defaultMessage: intl.formatMessage({ id: 'pro.import.errors.generic' }),
            },
            { max: '' },
          ),
        );
      else setError(null);
    } catch {
      setError(intl.formatMessage({ id: 'pro.import.errors.generic' }));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(intl.formatMessage({ id: 'pro.tool.group.nameRequired' }));
      return;
    }
    const typed = pasted.split(/[\s,;]+/).flatMap((t) => (normaliseCnk(t) ? [normaliseCnk(t)!] : []));
    const imported = preview?.ok ? preview.rows.map((r) => r.cnk) : [];
    try {
      await onCreate({
        name: name.trim(),
        description,
        cnks: [...new Set([...typed, ...imported])],
        imported: preview?.ok ? preview.rows : [],
      });
    } catch {
      setError(intl.formatMessage({ id: 'pro.tool.group.createFailed' }));
    }
  };

  return (
    <Dialog labelledBy="pro-group-create-title" onClose={onClose} testId="pro-group-create">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <h2 id="pro-group-create-title">
          <FormattedMessage id="pro.tool.group.create" />
        </h2>
        <label>
          <FormattedMessage id="pro.tool.group.name" />
          <input name="name" value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label>
          <FormattedMessage id="pro.tool.group.description" />
          <textarea name="description" value={description} onChange={(e) => setDescription(e.target.value)} />
        </label>
        <label>
          <FormattedMessage id="pro.tool.group.cnks" />
          <textarea name="cnks" value={pasted} onChange={(e) => setPasted(e.target.value)} />
        </label>
        <label>
          <FormattedMessage id="pro.tool.group.file" />
          <input
            type="file"
            accept=".xlsx,.xls,.ods,.csv,.txt"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void importFile(file);
            }}
          />
        </label>
        {preview?.ok && (
          <div data-testid="pro-import-preview">
            <p>
              <FormattedMessage id="pro.tool.group.previewKept" values={{ count: preview.rows.length }} />
            </p>
            <ul>
              {preview.rejected.map((r) => (
                <li key={r.line}>
                  {intl.formatMessage(
                    { id: 'pro.import.rejectedLine' },
                    {
                      line: r.line,
                      reason: intl.formatMessage({ id: `pro.import.reasons.${r.reason}` }),
                      value: r.value,
                    },
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
        {error && <p role="alert">{error}</p>}
        <button type="button" onClick={onClose}>
          <FormattedMessage id="pro.tool.cancel" />
        </button>
        <button type="submit">
          <FormattedMessage id="pro.tool.group.save" />
        </button>
      </form>
    </Dialog>
  );
}
