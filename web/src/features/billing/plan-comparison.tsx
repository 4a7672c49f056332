import { useIntl } from 'react-intl';
import './billing.css';

/** docs/product.md#audience-and-plans: row 1 for both plans, rows 2–6 Pro only, row 7 Pro 'soon'. */
const ROWS = ['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7'] as const;

/** Free against Pro, feature by feature: on the plans page and on the Pro tool's wall. */
export function PlanComparison() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `billing.offers.${id}` });
  return (
    <section className="panel" aria-labelledby="plans-table-title">
      <h2 id="plans-table-title">{t('table.title')}</h2>
      <table className="billing-table" data-testid="plans-table">
        <thead>
          <tr>
            <th scope="col">{t('table.feature')}</th>
            <th scope="col">{t('free.name')}</th>
            <th scope="col">{t('pro.name')}</th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map((row, i) => (
            <tr key={row}>
              <th scope="row">{t(`table.${row}`)}</th>
              <td>{i === 0 ? '✓' : '—'}</td>
              <td>{i === 6 ? t('table.soon') : '✓'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
