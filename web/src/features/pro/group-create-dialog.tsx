import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { normaliseCnk } from '@pharmaradar/shared/cnk';
import { formatPrice } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';
import { Dialog } from '../../lib/ui/dialog';
import { importedVat } from '@pharmaradar/shared/vat-rule';
import { checkImportCatalogue } from './import/catalogue-check';
import { ImportReport } from './import-report';
import type { CatalogueCheck } from './import/catalogue-flags';
import type { ImportResult } from './import/import-result';
import { readImportFileInWorker } from './workers/import-worker.client';

import type { ImportNote, ImportRow } from '@pharmaradar/shared/import-table';

const PREVIEW_ROWS = 5;

export type NewGroup = { name: string; description: string; cnks: string[]; imported: ImportRow[] };

/**
 * Group creation (docs/product.md#pro-tool): name required, description, CNKs pasted or imported with a preview. With
 * `initial` it edits a group: renamed, its CNKs edited in the list (one per line) or added from a file.
 */
export function GroupCreateDialog({
  onCreate,
  onClose,
  initial,
}: {
  onCreate: (g: NewGroup) => Promise<void>;
  onClose: () => void;
  initial?: { name: string; description: string; cnks: readonly string[] };
}) {
  const intl = useIntl();
  const locale = useLocale();
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [pasted, setPasted] = useState(initial?.cnks.join('\n') ?? '');
  const [preview, setPreview] = useState<ImportResult | null>(null);
  // What the official catalogue says of the imported rows (docs/decisions/161); null while it is asked.
  const [check, setCheck] = useState<CatalogueCheck | null>(null);
  const [error, setError] = useState<string | null>(null);

  const importFile = async (file: File) => {
    try {
      const result = await readImportFileInWorker(file);
      setPreview(result);
      setCheck(null);
      if (result.ok) void checkImportCatalogue(result.rows, locale).then(setCheck, () => setCheck(null));
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
      setError(intl.formatMessage({ id: initial ? 'pro.tool.group.editFailed' : 'pro.tool.group.createFailed' }));
    }
  };

  return (
    <Dialog
      labelledBy="pro-group-create-title"
      onClose={onClose}
      testId={initial ? 'pro-group-edit' : 'pro-group-create'}
      className="pro-dialog"
    >
      <form className="pro-form" onSubmit={(e) => void submit(e)} noValidate>
        <h2 id="pro-group-create-title">
          <FormattedMessage id={initial ? 'pro.tool.group.edit' : 'pro.tool.group.create'} />
        </h2>
        <label className="pro-field input-field">
          <span>
            <FormattedMessage id="pro.tool.group.name" />
          </span>
          <input name="name" value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="pro-field input-field">
          <span>
            <FormattedMessage id="pro.tool.group.description" />
          </span>
          <textarea name="description" rows={2} value={description} onChange={(e) => setDescription(e.target.value)} />
        </label>
        <label className="pro-field input-field">
          <span>
            <FormattedMessage id="pro.tool.group.cnks" />
          </span>
          <textarea name="cnks" rows={4} value={pasted} onChange={(e) => setPasted(e.target.value)} />
        </label>
        <label className="pro-field input-field pro-field--file">
          <span>
            <FormattedMessage id="pro.tool.group.file" />
          </span>
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
          <div className="pro-preview" data-testid="pro-import-preview">
            <p>
              <FormattedMessage id="pro.tool.group.previewKept" values={{ count: preview.rows.length }} />
            </p>
            <table className="pro-preview__table">
              <thead>
                <tr>
                  <th scope="col">CNK</th>
                  <th scope="col">
                    <FormattedMessage id="pro.export.columns.name" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="pro.export.columns.cataloguePrice" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="pro.import.vat.column" />
                  </th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.slice(0, PREVIEW_ROWS).map((r) => (
                  <tr key={r.cnk}>
                    <td>{r.cnk}</td>
                    <td>{r.name ?? '—'}</td>
                    <PriceCell row={r} notes={preview.notes} />
                    <VatDecisionCell vatPercent={r.vatPercent} cnk={r.cnk} check={check} />
                  </tr>
                ))}
              </tbody>
            </table>
            <VatToSet rows={preview.rows} check={check} />
            <CatalogueFlags check={check} />
            <ImportReport preview={preview} />
          </div>
        )}
        {error && (
          <p role="alert" className="pro-alert">
            {error}
          </p>
        )}
        <div className="pro-actions pro-actions--end">
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            <FormattedMessage id="pro.tool.cancel" />
          </button>
          <button type="submit" className="btn btn--primary">
            <FormattedMessage id="pro.tool.group.save" />
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The rows the official catalogue does not know, or knows as withdrawn or never priced, with why. */
function CatalogueFlags({ check }: { check: CatalogueCheck | null }) {
  const intl = useIntl();
  if (!check) return null;
  return (
    <div className="pro-preview__catalogue" data-testid="pro-import-catalogue">
      {check.flags.length > 0 && (
        <>
          <p>
            <FormattedMessage id="pro.import.catalogue.title" values={{ count: check.flags.length }} />
          </p>
          <ul>
            {check.flags.map((f) => (
              <li key={f.line} data-reason={f.reason}>
                {intl.formatMessage(
                  { id: f.official ? 'pro.import.catalogue.flagOfficial' : 'pro.import.catalogue.flag' },
                  {
                    line: f.line,
                    cnk: f.cnk,
                    official: f.official,
                    reason: intl.formatMessage({ id: `pro.import.catalogue.reasons.${f.reason}` }),
                  },
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {check.waiting > 0 && (
        <p role="status">
          <FormattedMessage id="pro.import.catalogue.waiting" values={{ count: check.waiting }} />
        </p>
      )}
    </div>
  );
}

/**
 * How an imported line's VAT is decided (docs/decisions/215): the file's rate, the kind's in the
 * official catalogue, or none yet (unknown kind, or the catalogue not reached).
 */
function VatDecisionCell({
  vatPercent,
  cnk,
  check,
}: {
  vatPercent: number | null;
  cnk: string;
  check: CatalogueCheck | null;
}) {
  const kind = check?.kinds.get(cnk);
  const decided = importedVat(vatPercent, kind);
  const id = decided.vatSource ?? (kind === null ? 'unknown' : 'waiting');
  return (
    <td data-vat-source={decided.vatSource ?? id} data-testid="preview-vat">
      <FormattedMessage id={`pro.import.vat.${id}`} values={{ vat: decided.vatPercent }} />
    </td>
  );
}

/** How many imported lines will have no VAT until the pharmacist sets one. */
function VatToSet({ rows, check }: { rows: readonly ImportRow[]; check: CatalogueCheck | null }) {
  const count = rows.filter((r) => importedVat(r.vatPercent, check?.kinds.get(r.cnk)).vatPercent === null).length;
  if (count === 0) return null;
  return (
    <p className="pro-note" data-testid="pro-import-vat-to-set">
      <FormattedMessage id="pro.import.vat.toSet" values={{ count }} />
    </p>
  );
}

/** The purchase price read, or why there is none: the cell as the file wrote it when it was not a price. */
function PriceCell({ row, notes }: { row: ImportRow; notes: readonly ImportNote[] }) {
  const locale = useLocale();
  const unread = notes.find((n) => n.line === row.line && n.kind === 'price_not_read');
  return (
    <td className="pro-num" data-testid="preview-price">
      {row.purchaseExVat !== null ? (
        formatPrice(row.purchaseExVat, locale)
      ) : unread ? (
        <FormattedMessage id="pro.import.report.priceCell" values={{ value: unread.value }} />
      ) : (
        '—'
      )}
    </td>
  );
}
