import { useIntl } from 'react-intl';
import type { UnitPrice } from '@pharmaradar/shared/unit-price';
import { formatNumber } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';

/** "0,115 € / comprimé", "2,60 € / 100 ml": three decimals below one euro, where cents hide the gap. */
export function useFormatUnitPrice(): (unit: UnitPrice) => string {
  const intl = useIntl();
  const locale = useLocale();
  return (unit) => {
    const amount = formatNumber(unit.amount, locale, {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 2,
      maximumFractionDigits: unit.amount < 1 ? 3 : 2,
    });
    return intl.formatMessage({ id: `search.unitPrice.${unit.per}` }, { amount });
  };
}

export function UnitPriceLabel({ unit }: { unit: UnitPrice }) {
  const format = useFormatUnitPrice();
  return (
    <span className="offer__unit" data-testid="offer-unit-price">
      {format(unit)}
    </span>
  );
}
