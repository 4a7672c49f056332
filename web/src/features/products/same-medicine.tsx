import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Equivalent } from '@pharmaradar/shared/equivalents.schema';
import type { UnitPrice } from '@pharmaradar/shared/unit-price';
import { formatPrice } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';
import { LocalizedLink } from '../../lib/router/localized-link';
import { Spinner } from '../../lib/ui/spinner';
import { useEquivalents } from './use-equivalents';
import './same-medicine.css';

/** Draws a unit price as the search results do (the page hands it over: features do not import each other). */
export type UnitPriceView = (unit: UnitPrice) => ReactNode;

function EquivalentRow({ equivalent, unitPrice }: { equivalent: Equivalent; unitPrice: UnitPriceView }) {
  const intl = useIntl();
  const locale = useLocale();
  const title = equivalent.pack ? `${equivalent.name} – ${equivalent.pack}` : equivalent.name;
  return (
    <li className="same-medicine__item" data-testid="same-medicine-item" data-cnk={equivalent.cnk}>
      <span className="same-medicine__name">
        {equivalent.slug ? (
          <LocalizedLink to={`/${encodeURIComponent(equivalent.slug)}`}>{title}</LocalizedLink>
        ) : (
          title
        )}
      </span>
      <span className="same-medicine__price" data-testid="same-medicine-price">
        {equivalent.bestPrice === null
          ? intl.formatMessage({ id: 'product.sameMedicine.noPrice' })
          : intl.formatMessage(
              { id: 'product.sameMedicine.bestPrice' },
              { price: formatPrice(equivalent.bestPrice, locale) },
            )}
      </span>
      {equivalent.unitPrice && unitPrice(equivalent.unitPrice)}
    </li>
  );
}

/**
 * "The same medicine, cheaper": the other packs of the product's official group (same active
 * ingredient, strength and form) with the best price known for each, and the advice to ask a
 * pharmacist before switching. Hidden when there is no such pack.
 */
export function SameMedicine({ cnk, unitPrice }: { cnk: string; unitPrice: UnitPriceView }) {
  const intl = useIntl();
  const locale = useLocale();
  const { state, reload } = useEquivalents(cnk, locale);
  if (state.status === 'idle' || state.status === 'none') return null;
  return (
    <section className="same-medicine" aria-labelledby="same-medicine-title" data-testid="same-medicine">
      <h2 id="same-medicine-title">{intl.formatMessage({ id: 'product.sameMedicine.title' })}</h2>
      {state.status === 'loading' && (
        <p className="same-medicine__muted" role="status" data-testid="same-medicine-loading">
          <Spinner /> {intl.formatMessage({ id: 'product.sameMedicine.loading' })}
        </p>
      )}
      {(state.status === 'error' || state.status === 'offline') && (
        <div role={state.status === 'error' ? 'alert' : 'status'} data-testid={`same-medicine-${state.status}`}>
          <p>{intl.formatMessage({ id: `product.sameMedicine.${state.status}` })}</p>
          <button type="button" className="btn btn--secondary" onClick={reload}>
            {intl.formatMessage({ id: 'product.retry' })}
          </button>
        </div>
      )}
      {state.status === 'ready' && (
        <>
          {state.answer.group && (
            <p className="same-medicine__group" data-testid="same-medicine-group">
              {state.answer.group.name}
            </p>
          )}
          <ul className="same-medicine__list">
            {state.answer.equivalents.map((e) => (
              <EquivalentRow key={e.cnk} equivalent={e} unitPrice={unitPrice} />
            ))}
          </ul>
          <p className="same-medicine__advice" role="note" data-testid="same-medicine-advice">
            {intl.formatMessage({ id: 'product.sameMedicine.advice' })}
          </p>
        </>
      )}
    </section>
  );
}
