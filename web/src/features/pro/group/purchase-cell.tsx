// A line's purchase price, typed in the table (docs/decisions/216): saved on Enter or on leaving the
// field, through the same write as the VAT (the product's line in every group holding it, synced).
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocale } from '../../../lib/i18n/use-locale';
import type { GroupRow } from './group-rows';
import { formatPurchaseInput, parsePurchaseInput } from './purchase-input';

export function PurchaseCell({
  row,
  onChange,
}: {
  row: Pick<GroupRow, 'cnk' | 'name' | 'purchaseExVat'>;
  /** Saves the line's price (null clears it); absent while an analysis runs (the field is then read-only). */
  onChange?: (cnk: string, purchaseExVat: number | null) => void;
}) {
  const intl = useIntl();
  const locale = useLocale();
  // What is being typed; null: the field shows the line's price as stored.
  const [draft, setDraft] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const stored = formatPurchaseInput(row.purchaseExVat, locale);
  const errorId = `pro-purchase-error-${row.cnk}`;

  const commit = () => {
    if (draft === null) return;
    const typed = parsePurchaseInput(draft);
    // Refused input changes nothing: the field keeps the text so it can be corrected.
    if (!typed.ok) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setDraft(null);
    if (typed.value !== row.purchaseExVat) onChange?.(row.cnk, typed.value);
  };

  return (
    <td className="pro-num pro-table__price">
      <input
        className="pro-price-input"
        inputMode="decimal"
        autoComplete="off"
        value={draft ?? stored}
        placeholder="—"
        readOnly={!onChange}
        aria-label={intl.formatMessage({ id: 'pro.tool.table.purchaseOf' }, { name: row.name ?? row.cnk })}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
          if (e.key === 'Escape') {
            setDraft(null);
            setInvalid(false);
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
