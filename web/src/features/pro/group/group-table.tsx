import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatPercent, formatPrice } from '../../../lib/i18n/format';
import { useLocale } from '../../../lib/i18n/use-locale';
import {
  COLUMNS,
  filterRows,
  sortRows,
  TEXT_COLUMNS,
  type Column,
  type Filters,
  type GroupRow,
  type Sort,
} from './group-rows';
import { PurchaseCell } from './purchase-cell';
import { VatCell, VatSelectionBar } from './vat-selection';
import { PriceTime } from '../price-time';
import { TableScroll } from '../table-scroll';

const MARKS = [
  'priced',
  'no_price',
  'not_found',
  'retailer_error',
  'invalid_cnk',
  'excluded',
  'no_stored_price',
] as const;

/**
 * A group's lines: sortable by each column, filterable by each column and by mark, marks per row. Its
 * lines show as soon as the group is open; the market columns stay "not analysed yet" until `analysed`
 * (docs/decisions/217).
 */
export function GroupTable({
  rows,
  analysed,
  onVatChange,
  onPurchaseChange,
}: {
  rows: GroupRow[];
  /** Whether the market prices were read (stored or live); before, the rows are the lines alone. */
  analysed: boolean;
  /** Sets the VAT of lines, settled once stored; absent while an analysis runs (the cells are then read-only). */
  onVatChange?: (cnks: string[], vat: number) => Promise<void>;
  /** Sets a line's purchase price (null clears it), settled once stored; absent while an analysis runs. */
  onPurchaseChange?: (cnk: string, purchaseExVat: number | null) => Promise<void>;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const [sort, setSort] = useState<Sort | null>(null);
  const [filters, setFilters] = useState<Filters>({});
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const shown = useMemo(() => sortRows(filterRows(rows, filters), sort, locale), [rows, filters, sort, locale]);
  const money = (v: number | null) => (v === null ? '—' : formatPrice(v, locale));
  const percent = (v: number | null) => (v === null ? '—' : formatPercent(v, locale, 1));
  const label = (c: Column) => intl.formatMessage({ id: `pro.tool.table.columns.${c}` });

  const allShown = shown.length > 0 && shown.every((r) => selected.has(r.cnk));
  const pick = (cnk: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(cnk);
      else next.delete(cnk);
      return next;
    });

  const toggle = (column: Column) =>
    setSort((s) =>
      s?.column !== column
        ? { column, direction: 'asc' }
        : s.direction === 'asc'
          ? { column, direction: 'desc' }
          : null,
    );

  return (
    <div className="pro-table-block">
      <div className="pro-table-tools">
        <label className="pro-field input-field pro-field--inline">
          <span>
            <FormattedMessage id="pro.tool.table.markFilter" />
          </span>
          <select
            value={filters.mark ?? ''}
            onChange={(e) => setFilters((f) => ({ ...f, mark: e.target.value as Filters['mark'] }))}
          >
            <option value="">{intl.formatMessage({ id: 'pro.tool.table.marks.all' })}</option>
            {MARKS.map((m) => (
              <option key={m} value={m}>
                {intl.formatMessage({ id: `pro.tool.table.marks.${m}` })}
              </option>
            ))}
          </select>
        </label>
        <p className="pro-table-count" role="status">
          <FormattedMessage id="pro.tool.table.count" values={{ shown: shown.length, total: rows.length }} />
        </p>
      </div>
      {!analysed && (
        <p className="pro-note" role="status" data-testid="pro-not-analysed">
          <FormattedMessage id="pro.tool.table.notAnalysedNote" />
        </p>
      )}
      <VatSelectionBar rows={rows} selected={selected} onSelect={setSelected} onApply={onVatChange} />
      <TableScroll label={intl.formatMessage({ id: 'pro.tool.table.caption' })}>
        <table className="pro-table" data-testid="pro-group-table">
          <caption className="visually-hidden">
            <FormattedMessage id="pro.tool.table.caption" />
          </caption>
          <thead>
            <tr>
              <th scope="col" className="pro-table__pick">
                <input
                  type="checkbox"
                  checked={allShown}
                  aria-label={intl.formatMessage({ id: 'pro.tool.table.selectAll' })}
                  onChange={(e) => setSelected(e.target.checked ? new Set(shown.map((r) => r.cnk)) : new Set())}
                />
              </th>
              {COLUMNS.map((c) => (
                <th
                  key={c}
                  scope="col"
                  aria-sort={sort?.column === c ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  <button type="button" className="pro-sort" onClick={() => toggle(c)} data-column={c}>
                    {label(c)}{' '}
                    <span aria-hidden="true" className="pro-sort__arrow">
                      {sort?.column === c ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
                    </span>
                  </button>
                </th>
              ))}
            </tr>
            <tr className="pro-table__filters">
              <td />
              {COLUMNS.map((c) => (
                <td key={c}>
                  <input
                    className="pro-filter input"
                    inputMode={TEXT_COLUMNS.has(c) ? 'text' : 'decimal'}
                    value={filters[c] ?? ''}
                    placeholder={TEXT_COLUMNS.has(c) ? '…' : '≥'}
                    aria-label={intl.formatMessage(
                      { id: TEXT_COLUMNS.has(c) ? 'pro.tool.table.filterText' : 'pro.tool.table.filterMin' },
                      { column: label(c) },
                    )}
                    onChange={(e) => setFilters((f) => ({ ...f, [c]: e.target.value }))}
                  />
                </td>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.cnk} data-cnk={row.cnk} data-mark={analysed ? (row.mark ?? 'priced') : 'not_analysed'}>
                <td className="pro-table__pick">
                  <input
                    type="checkbox"
                    checked={selected.has(row.cnk)}
                    aria-label={intl.formatMessage({ id: 'pro.tool.table.selectRow' }, { name: row.name ?? row.cnk })}
                    onChange={(e) => pick(row.cnk, e.target.checked)}
                    data-testid="row-pick"
                  />
                </td>
                <th scope="row" className="pro-table__name">
                  {row.name ?? '—'}
                </th>
                <td className="pro-table__cnk">{row.cnk}</td>
                <td className="pro-num">
                  {!analysed ? (
                    <span className="pro-mark pro-mark--not_analysed">
                      <FormattedMessage id="pro.tool.table.notAnalysed" />
                    </span>
                  ) : row.mark ? (
                    <span className={`pro-mark pro-mark--${row.mark}`}>
                      <FormattedMessage id={`pro.tool.table.marks.${row.mark}`} />
                    </span>
                  ) : (
                    money(row.card.lowestOffer)
                  )}
                </td>
                <PurchaseCell row={row} onChange={onPurchaseChange} />
                <VatCell row={row} onChange={onVatChange} />
                <td className="pro-num" data-testid="row-purchase">
                  {money(row.card.recommendedPurchaseExVat)}
                </td>
                <td className="pro-num" data-testid="row-sell">
                  {money(row.card.sellPriceInclVat)}
                </td>
                <td className="pro-num">{percent(row.card.marginAtCatalogueRatio)}</td>
                <td className="pro-num">
                  {row.card.negotiation?.kind === 'discount' ? (
                    percent(row.card.negotiation.ratio)
                  ) : row.card.negotiation?.kind === 'already_below_target' ? (
                    <FormattedMessage id="pro.tool.table.belowTarget" />
                  ) : (
                    '—'
                  )}
                </td>
                <td className="pro-table__age" data-testid="row-age">
                  {!analysed ? (
                    '—'
                  ) : row.ageMs === null ? (
                    <FormattedMessage id="pro.tool.group.noStoredPrice" />
                  ) : (
                    <PriceTime fetchedAt={row.record!.fetchedAt} ageMs={row.ageMs} variant="cell" />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}
