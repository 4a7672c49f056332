import { FormattedMessage } from 'react-intl';
import type { priceProduct } from '@pharmaradar/shared/margin-engine';
import { formatPercent, formatPrice } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';

/** The product card's figures: each label with its value in one box of the flowing grid. */
export function ProductFigures({ card }: { card: ReturnType<typeof priceProduct> }) {
  const locale = useLocale();
  const money = (value: number | null) => (value === null ? '—' : formatPrice(value, locale));
  return (
    <dl className="pro-figures">
      <div className="pro-figures__item">
        <dt>
          <FormattedMessage id="pro.export.columns.recommendedPurchase" />
        </dt>
        <dd data-testid="card-purchase">{money(card.recommendedPurchaseExVat)}</dd>
      </div>
      <div className="pro-figures__item">
        <dt>
          <FormattedMessage id="pro.export.columns.sellPrice" />
        </dt>
        <dd data-testid="card-sell">{money(card.sellPriceInclVat)}</dd>
      </div>
      <div className="pro-figures__item">
        <dt>
          <FormattedMessage id="pro.export.columns.targetMargin" />
        </dt>
        <dd>{formatPercent(card.targetMarginRatio, locale)}</dd>
      </div>
      <div className="pro-figures__item">
        <dt>
          <FormattedMessage id="pro.export.columns.margin" />
        </dt>
        <dd>{card.marginAtCatalogueRatio === null ? '—' : formatPercent(card.marginAtCatalogueRatio, locale, 1)}</dd>
      </div>
      <div className="pro-figures__item">
        <dt>
          <FormattedMessage id="pro.export.columns.delta" />
        </dt>
        <dd>{card.delta ? <FormattedMessage id={`pro.export.positions.${card.delta.position}`} /> : '—'}</dd>
      </div>
      <div className="pro-figures__item">
        <dt>
          <FormattedMessage id="pro.export.columns.discount" />
        </dt>
        <dd data-testid="card-discount">
          {card.negotiation?.kind === 'discount' ? (
            formatPercent(card.negotiation.ratio, locale, 1)
          ) : card.negotiation?.kind === 'already_below_target' ? (
            <FormattedMessage id="pro.export.notes.alreadyBelowTarget" />
          ) : (
            '—'
          )}
        </dd>
      </div>
    </dl>
  );
}
