import { FormattedMessage } from 'react-intl';
import type { ProCost } from '@pharmaradar/shared/pro.schema';
import { formatDate } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';

export type CostAction = 'analyse' | 'refresh' | 'product';

/**
 * Before a run: how many of the remaining CNKs it will use (CNKs already priced this month are free),
 * or, when its new CNKs do not fit, that it will not be priced and what happens instead (ADR 208).
 */
export function AnalysisCostNote({ cost, action, id }: { cost: ProCost | null; action: CostAction; id: string }) {
  const locale = useLocale();
  if (!cost) return null;
  const values = { cost: cost.cost, remaining: cost.remaining, date: formatDate(cost.resetsOn, locale) };
  if (!cost.fits)
    return (
      <p id={id} role="alert" className="pro-alert" data-testid={`pro-cost-${action}`}>
        <FormattedMessage id={`pro.tool.cost.${action}Over`} values={values} />
      </p>
    );
  return (
    <p id={id} className="pro-note" role="status" data-testid={`pro-cost-${action}`}>
      {action === 'product' && cost.cost === 0 ? (
        <FormattedMessage id="pro.tool.cost.productFree" />
      ) : (
        <FormattedMessage id={`pro.tool.cost.${action}`} values={values} />
      )}
      {action !== 'product' && cost.alreadyCharged > 0 && (
        <>
          {' '}
          <FormattedMessage id="pro.tool.cost.free" values={{ count: cost.alreadyCharged }} />
        </>
      )}
    </p>
  );
}
