import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { MAX_BASKET_QUANTITY } from '@pharmaradar/shared/basket.schema';
import type { SearchProduct } from '@pharmaradar/shared/search.schema';
import { LocalizedLink } from '../../lib/router/localized-link';

type Outcome = 'added' | 'updated' | 'full' | 'failed' | null;

/** 'Add to basket' with a quantity, on a product's page; the basket keeps the prices shown here. */
export function AddToBasket({ product, fetchedAt }: { product: SearchProduct & { cnk: string }; fetchedAt: string }) {
  const intl = useIntl();
  const [quantity, setQuantity] = useState(1);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const t = (id: string) => intl.formatMessage({ id: `search.basket.${id}` });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      // The basket store brings Dexie: loaded on the first click, not with the page.
      const { addToBasket } = await import('../../db/basket-store');
      const result = await addToBasket({
        cnk: product.cnk,
        name: product.name,
        image: product.image,
        slug: product.slug,
        quantity,
        offers: product.offers.map((o) => ({ retailer: o.retailer, price: o.price, url: o.url, inStock: o.inStock })),
        fetchedAt,
      });
      setOutcome(result);
    } catch {
      setOutcome('failed');
    }
  };

  return (
    <form className="add-to-basket" onSubmit={(e) => void submit(e)} data-testid="add-to-basket">
      <label className="add-to-basket__quantity">
        <span>{t('quantity')}</span>
        <input
          type="number"
          name="quantity"
          min={1}
          max={MAX_BASKET_QUANTITY}
          value={quantity}
          data-testid="add-to-basket-quantity"
          onChange={(e) =>
            setQuantity(Math.min(MAX_BASKET_QUANTITY, Math.max(1, Math.round(Number(e.target.value) || 1))))
          }
        />
      </label>
      <button type="submit" className="btn btn--primary">
        {t('add')}
      </button>
      <p className="add-to-basket__status" role="status" data-testid="add-to-basket-status">
        {outcome === 'added' || outcome === 'updated' ? (
          <>
            {t(outcome)} <LocalizedLink to="/panier">{t('see')}</LocalizedLink>
          </>
        ) : outcome ? (
          t(outcome)
        ) : null}
      </p>
    </form>
  );
}
