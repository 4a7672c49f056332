import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { productNameFromHeading, type LandingTexts } from '@pharmaradar/shared/product-landing';
import { LocalizedLink } from '../../lib/router/localized-link';

// The product page's frame (title, way back, way on) and its questions, the same online and offline.

export function Faq({ items }: { items: LandingTexts['faq'] }) {
  const intl = useIntl();
  return (
    <section className="product-page__faq" aria-labelledby="product-faq-title">
      <h2 id="product-faq-title">{intl.formatMessage({ id: 'product.faq' })}</h2>
      {items.map((item) => (
        <details key={item.q} className="product-page__faq-item" data-testid="product-faq-item" open>
          <summary>{item.q}</summary>
          <p>{item.a}</p>
        </details>
      ))}
    </section>
  );
}

export function Shell({ heading, children }: { heading: string; children: ReactNode }) {
  const intl = useIntl();
  return (
    <article className="product-page">
      <nav className="product-page__crumbs" aria-label={intl.formatMessage({ id: 'product.breadcrumb' })}>
        <LocalizedLink to="/">{intl.formatMessage({ id: 'product.back' })}</LocalizedLink>
      </nav>
      <h1 className="product-page__title">
        <ProductHeading heading={heading} />
      </h1>
      {children}
      <p className="product-page__other">
        <LocalizedLink to="/" className="btn btn--secondary">
          {intl.formatMessage({ id: 'product.searchOther' })}
        </LocalizedLink>{' '}
        <LocalizedLink to="/pharmacies" className="btn btn--secondary">
          {intl.formatMessage({ id: 'pharmacies.link.product' })}
        </LocalizedLink>
      </p>
    </article>
  );
}

/**
 * The heading's product name, then its "compare the prices" tail in a span of its own: on a phone the
 * tail is only read, not shown, so the name keeps the title's two lines.
 */
function ProductHeading({ heading }: { heading: string }) {
  const name = productNameFromHeading(heading);
  if (name === heading || !heading.startsWith(name)) return heading;
  return (
    <>
      {name}
      <span className="visually-hidden-phone">{heading.slice(name.length)}</span>
    </>
  );
}
