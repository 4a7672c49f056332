// A line's purchase price, typed in the table (docs/decisions/216): saved on Enter or on leaving the
// field, through the same write as the VAT (the product's line in every group holding it, synced).
// What is typed stays until its save is stored, whatever a pull brings meanwhile (docs/decisions/218).
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocale } from '../../../lib/i18n/use-locale';
import type { GroupRow } from './group-rows';
import { useSyncedField } from '../sync/use-synced-field';
import { formatPurchaseInput, parsePurchaseInput } from './purchase-input';

export function PurchaseCell({
  row,
  onChange,
}: {
  row: Pick<GroupRow, 'cnk' | 'name' | 'purchaseExVat'>;
  /** Saves the line's price (null clears it), settled once stored; absent while an analysis runs (read-only then). */
  onChange?: (cnk: string, purchaseExVat: number | null) => Promise<void>;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const [invalid, setInvalid] = useState(false);
  const stored = formatPurchaseInput(row.purchaseExVat, locale);
  const field = useSyncedField(stored);
  // Whether the person typed since the field last showed the stored price.
  const [edited, setEdited] = useState(false);
  const errorId = `pro-purchase-error-${row.cnk}`;

  const commit = () => {
    if (!edited) return;
    const typed = parsePurchaseInput(field.text);
    // Refused input changes nothing: the field keeps the text (and stays the person's) so it can be corrected.
    if (!typed.ok) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setEdited(false);
    if (typed.value === row.purchaseExVat || !onChange) field.drop();
    else {
      field.save(field.text, onChange(row.cnk, typed.value));
      field.leave();
    }
  };

  return (
    <td className="pro-num pro-table__price">
      <input
        className="pro-price-input"
        inputMode="decimal"
        autoComplete="off"
        value={field.text}
        placeholder="—"
        readOnly={!onChange}
        aria-label={intl.formatMessage({ id: 'pro.tool.table.purchaseOf' }, { name: row.name ?? row.cnk })}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(e) => {
          setEdited(true);
          field.type(e.target.value);
        }}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
          if (e.key === 'Escape') {
            setEdited(false);
            setInvalid(false);
            field.drop();
          }
        }}
        data-testid="row-purchase-price"
      />
      {invalid && (
        <span id={errorId} role="alert" className="pro-price-input__error">
          {intl.formatMessage({ id: 'pro.tool.table.purchaseInvalid' })}
        </span>
      )}
    </td>
  );
}
