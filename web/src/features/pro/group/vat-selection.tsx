// Setting the VAT of many lines at once (docs/decisions/215): a file without a VAT column leaves the
// lines the official catalogue cannot class without one, and they are set together, not one by one.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { VatSource } from '@pharmaradar/shared/vat-rule';
import { useSyncedField } from '../sync/use-synced-field';
import type { GroupRow } from './group-rows';

/** Belgian VAT rates a line can take, the common ones first. */
export const VAT_RATES = [0, 6, 12, 21];
const BULK_RATES = [6, 21, 12, 0];

/** The message saying who decided a row's VAT. */
export const vatFromMessage = (row: { vatPercent: number | null; vatSource: VatSource | null }): string =>
  `pro.tool.table.vatFrom.${row.vatPercent === null ? 'none' : (row.vatSource ?? 'kept')}`;

/**
 * A line's VAT, set in the table (docs/decisions/151): the product's rate on every device. The rate
 * picked shows until its save is stored, not a rate a pull brings meanwhile (docs/decisions/218).
 */
export function VatCell({
  row,
  onChange,
}: {
  row: GroupRow;
  onChange?: (cnks: string[], vat: number) => Promise<void>;
}) {
  const intl = useIntl();
  const field = useSyncedField(String(row.vatPercent ?? ''));
  const rates =
    row.vatPercent === null || VAT_RATES.includes(row.vatPercent)
      ? VAT_RATES
      : [...VAT_RATES, row.vatPercent].sort((a, b) => a - b);
  const from = intl.formatMessage({ id: vatFromMessage(row) });
  return (
    <td className="pro-num" data-vat-source={row.vatPercent === null ? 'none' : (row.vatSource ?? 'kept')}>
      <select
        className="pro-vat"
        value={field.text}
        disabled={!onChange}
        title={from}
        aria-label={intl.formatMessage({ id: 'pro.tool.table.vatOf' }, { name: row.name ?? row.cnk })}
        aria-description={from}
        onChange={(e) => {
          if (e.target.value !== '' && onChange)
            field.save(e.target.value, onChange([row.cnk], Number(e.target.value)));
        }}
        data-testid="row-vat"
      >
        {row.vatPercent === null && <option value="">{intl.formatMessage({ id: 'pro.tool.table.vatToSet' })}</option>}
        {rates.map((rate) => (
          <option key={rate} value={rate}>
            {rate} %
          </option>
        ))}
      </select>
    </td>
  );
}

/** The toolbar: pick the lines without VAT, then give the selection one rate. */
export function VatSelectionBar({
  rows,
  selected,
  onSelect,
  onApply,
}: {
  rows: readonly GroupRow[];
  selected: ReadonlySet<string>;
  onSelect: (cnks: ReadonlySet<string>) => void;
  onApply?: (cnks: string[], vat: number) => void;
}) {
  const intl = useIntl();
  const [rate, setRate] = useState(BULK_RATES[0]!);
  const withoutVat = rows.filter((r) => r.vatPercent === null).map((r) => r.cnk);
  // Only what can be done now is shown: on the counter tablet every row the bar takes pushes the
  // group's first line further below the fold.
  if (withoutVat.length === 0 && selected.size === 0) return null;
  return (
    <div className="pro-vat-bar" data-testid="pro-vat-bar">
      {withoutVat.length > 0 && (
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => onSelect(new Set(withoutVat))}
          data-testid="pro-select-vat-to-set"
        >
          <FormattedMessage id="pro.tool.table.selectVatToSet" />
        </button>
      )}
      <p role="status" className="pro-table-count">
        <FormattedMessage id="pro.tool.table.selected" values={{ count: selected.size }} />
      </p>
      <label className="pro-field input-field pro-field--inline">
        <span>
          <FormattedMessage id="pro.tool.table.setVat" />
        </span>
        <select value={rate} onChange={(e) => setRate(Number(e.target.value))} data-testid="pro-bulk-vat">
          {BULK_RATES.map((r) => (
            <option key={r} value={r}>
              {r} %
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="btn btn--primary"
        disabled={!onApply || selected.size === 0}
        onClick={() => {
          onApply?.([...selected], rate);
          onSelect(new Set());
        }}
        data-testid="pro-apply-vat"
      >
        {intl.formatMessage({ id: 'pro.tool.table.applyVat' })}
      </button>
    </div>
  );
}
