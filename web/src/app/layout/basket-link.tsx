import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { BASKET_CHANGED_EVENT } from '../../db/basket-event';
import { mayHaveDatabase } from '../../db/db-name';
import { LocalizedNavLink } from '../../lib/router/localized-link';
import { BasketIcon } from '../../lib/ui/icons';

// The store (and Dexie with it) is only loaded after the first paint, so the navbar adds nothing to
// a page's first JavaScript.

function useBasketCount(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let live = true;
    const read = () =>
      void import('../../db/basket-store')
        .then(({ basketCount }) => basketCount())
        .then((n) => live && setCount(n))
        .catch(() => undefined);
    // A first visit has no database, hence no basket: Dexie stays out of the first page load.
    void mayHaveDatabase().then((has) => live && has && read());
    window.addEventListener(BASKET_CHANGED_EVENT, read);
    return () => {
      live = false;
      window.removeEventListener(BASKET_CHANGED_EVENT, read);
    };
  }, []);
  return count;
}

/** The navbar's basket entry with the number of products in it. */
export function BasketLink({ className }: { className?: string }) {
  const intl = useIntl();
  const count = useBasketCount();
  return (
    <LocalizedNavLink
      to="/panier"
      className={`nav-link basket-link${className ? ` ${className}` : ''}`}
      data-testid="basket-link"
    >
      <BasketIcon />
      <span className="basket-link__label">{intl.formatMessage({ id: 'layout.nav.basket' })}</span>
      {/* The name a screen reader says ("Basket 2 products") starts with what is seen (WCAG 2.5.3). */}
      <span className="basket-link__count" data-testid="basket-count">
        {count}
      </span>
      <span className="visually-hidden"> {intl.formatMessage({ id: 'layout.nav.basketCount' }, { count })}</span>
    </LocalizedNavLink>
  );
}
