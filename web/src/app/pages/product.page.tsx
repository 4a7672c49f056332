import { useContext, useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { PRICES_PART_ATTRIBUTE } from '@pharmaradar/shared/first-screen-markup';
import { productPricesSeedSchema, type ProductPricesSeed } from '@pharmaradar/shared/first-screen.schema';
import { productNameFromHeading } from '@pharmaradar/shared/product-landing';
import { isBuyable } from '@pharmaradar/shared/search-grouping';
import type { SearchEvent } from '@pharmaradar/shared/search.schema';
import { useLocale } from '../../lib/i18n/use-locale';
import { retailerName } from '../../lib/retailers';
import { Price } from '../../lib/ui/price';
import { useLocalizedNavigate } from '../../lib/router/use-localized-navigate';
import { AddToBasket } from '../../features/basket/add-to-basket';
import { LivePrices } from '../../features/search/live-prices';
import { PriceHistory } from '../../features/price-history/price-history';
import { ProductImage } from '../../features/search/product-image';
import { UnitPriceLabel } from '../../features/search/unit-price-label';
import { PriceAlertForm } from '../../features/alerts/price-alert-form';
import { PricesSeedContext, usePricesSeed } from '../../lib/first-screen-seeds/product-seeds';
import { SearchProvider, useSearch, type SearchStart } from '../../features/search/search-context';
import { useProductLanding, type OfflineProduct } from '../../features/products/use-product-landing';
import { OfficialPackFacts } from '../../features/products/official-pack';
import { SameMedicine } from '../../features/products/same-medicine';
import { Spinner } from '../../lib/ui/spinner';
import { Faq, Shell } from './product-page-frame';
import './product.css';

/** The alert form with the product's own name (not the page title) and the cheapest price one can buy now. */
function ProductAlert({ cnk, name }: { cnk: string; name: string }) {
  const { status, products } = useSearch();
  const product = status === 'done' || status === 'offline' ? products.find((p) => p.cnk === cnk) : undefined;
  return <PriceAlertForm cnk={cnk} productName={name} lowestPrice={product?.offers.find(isBuyable)?.price ?? null} />;
}

interface Summary {
  cnk: string;
  name: string | null;
  brand: string | null;
  image: string | null;
}

/**
 * The live price block: the same progressive search as the home page, by the product's CNK; then
 * the price history, fetched again once the search has recorded today's prices. A page drawn with
 * this CNK's cached prices and history (ADR 121) starts with them and asks for neither again.
 */
function ProductPrices({ cnk }: { cnk: string }) {
  const intl = useIntl();
  const { search, status, query, products, fetchedAt, results } = useSearch();
  const drawn = useContext(PricesSeedContext);
  const product = status === 'done' || status === 'offline' ? products.find((p) => p.cnk === cnk) : undefined;
  const startedWithPrices = useRef(status === 'done' && query === cnk);
  useEffect(() => {
    if (startedWithPrices.current) {
      startedWithPrices.current = false;
      return;
    }
    search(cnk);
  }, [cnk, search]);
  return (
    <>
      <section
        className="product-page__prices"
        aria-labelledby="product-prices-title"
        {...{ [PRICES_PART_ATTRIBUTE]: 'offers' }}
      >
        <h2 id="product-prices-title">{intl.formatMessage({ id: 'product.prices.title' })}</h2>
        <p className="product-page__muted">{intl.formatMessage({ id: 'product.prices.intro' })}</p>
        {/* Its room is kept while the prices come, so nothing below jumps when it arrives (ADR 167). */}
        <div className="product-page__basket-slot">
          {product && product.offers.length > 0 && fetchedAt && (
            <AddToBasket product={{ ...product, cnk }} fetchedAt={fetchedAt} />
          )}
        </div>
        <LivePrices showHeading={false} linkToPages={false} productCnk={cnk} />
        {/* After the prices: it arrives with them, and nothing of the first screen moves for it. */}
        <OfficialPackFacts official={product?.official} />
      </section>
      <PriceHistory
        cnk={cnk}
        refreshKey={results?.fetchedAt ?? null}
        initial={drawn?.cnk === cnk ? drawn.history : null}
      />
    </>
  );
}

/**
 * The cheapest price one can buy the product at, among the product's facts beside its picture: a
 * phone shows it in its first screen, above the comparison it sums up. A price part of its own
 * (`best`), so a page drawn while the shops answer updates it with each answer, like the offers.
 */
export function BestPriceFact({ cnk }: { cnk: string }) {
  const intl = useIntl();
  const { status, products } = useSearch();
  // The offer the search's grouping marked best (the cheapest one a shopper can buy), as on a card.
  const best = products.find((p) => p.cnk === cnk)?.offers.find((o) => o.best) ?? null;
  const waiting = status === 'loading' || status === 'idle';
  return (
    <div className="product-page__best" {...{ [PRICES_PART_ATTRIBUTE]: 'best' }}>
      <dt>{intl.formatMessage({ id: 'product.bestPrice.label' })}</dt>
      {best ? (
        <dd>
          <Price amount={best.price} className="product-page__best-price" testId="best-price" />{' '}
          <span className="product-page__best-shop">
            {intl.formatMessage({ id: 'product.bestPrice.at' }, { retailer: retailerName(best.retailer) })}
          </span>
        </dd>
      ) : (
        <dd className="product-page__best-none">
          {intl.formatMessage({ id: waiting ? 'product.bestPrice.waiting' : 'product.bestPrice.none' })}
        </dd>
      )}
    </div>
  );
}

function ProductSummary({ product }: { product: Summary }) {
  const intl = useIntl();
  const name = product.name ?? intl.formatMessage({ id: 'product.cnk' }, { cnk: product.cnk });
  return (
    <div className="product-page__summary">
      <ProductImage src={product.image} alt={intl.formatMessage({ id: 'product.imageAlt' }, { name })} />
      <dl className="product-page__facts">
        {product.brand && (
          <div>
            <dt>{intl.formatMessage({ id: 'product.brand' })}</dt>
            <dd>{product.brand}</dd>
          </div>
        )}
        <div>
          <dt>{intl.formatMessage({ id: 'product.cnkLabel' })}</dt>
          <dd className="product-page__cnk">{product.cnk}</dd>
        </div>
        <BestPriceFact cnk={product.cnk} />
      </dl>
    </div>
  );
}

function OfflineLanding({ product, onRetry }: { product: OfflineProduct | null; onRetry: () => void }) {
  const intl = useIntl();
  const heading =
    product?.name ??
    (product
      ? intl.formatMessage({ id: 'product.cnk' }, { cnk: product.cnk })
      : intl.formatMessage({ id: 'product.offline.title' }));
  return (
    <Shell heading={heading}>
      <div className="product-page__notice" role="status" data-testid="product-offline">
        <p>{intl.formatMessage({ id: 'product.offline.text' })}</p>
        <button type="button" className="btn btn--secondary" onClick={onRetry}>
          {intl.formatMessage({ id: 'product.retry' })}
        </button>
      </div>
      {product && (
        <>
          <ProductSummary product={product} />
          <ProductPrices cnk={product.cnk} />
        </>
      )}
    </Shell>
  );
}

/** The landing page inside its search context (exported for tests that look into that context). */
export function ProductContent() {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useLocalizedNavigate();
  const { slug = '' } = useParams();
  const { state, reload } = useProductLanding(slug);
  const texts = state.status === 'ready' ? state.product.landing[locale] : null;

  useEffect(() => {
    if (state.status === 'not_found') navigate('/404', { replace: true });
  }, [state.status, navigate]);

  useEffect(() => {
    if (!texts) return;
    document.title = texts.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', texts.description);
  }, [texts]);

  if (state.status === 'loading' || state.status === 'not_found') {
    return (
      <div
        className="product-page product-page--loading"
        role="status"
        aria-live="polite"
        data-testid="product-loading"
      >
        <Spinner />
        {intl.formatMessage({ id: 'product.loading' })}
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="product-page">
        <div className="product-page__notice product-page__notice--error" role="alert">
          <p>{intl.formatMessage({ id: 'product.error' })}</p>
          <button type="button" className="btn btn--secondary" onClick={reload}>
            {intl.formatMessage({ id: 'product.retry' })}
          </button>
        </div>
      </div>
    );
  }
  if (state.status === 'offline') return <OfflineLanding product={state.product} onRetry={reload} />;

  const { product } = state;
  return (
    <Shell heading={texts!.heading}>
      <div className="product-page__intro-block">
        <ProductSummary product={product} />
      </div>
      {/* The prices before the long text, so a phone shows them in its first screen (ADR 167). */}
      <ProductPrices cnk={product.cnk} />
      <p className="product-page__intro">{texts!.intro}</p>
      <SameMedicine cnk={product.cnk} unitPrice={(unit) => <UnitPriceLabel unit={unit} />} />
      <ProductAlert cnk={product.cnk} name={productNameFromHeading(texts!.heading)} />
      <Faq items={texts!.faq} />
    </Shell>
  );
}

/**
 * Where the page's search starts: the drawn result, the drawn search under way (after the answers
 * `events` the server drew it with, ADR 167), or nothing drawn.
 */
const searchStart = (drawn: ProductPricesSeed | null, events?: SearchEvent[]): SearchStart | null =>
  drawn?.search ? { ended: drawn.search.result } : drawn ? { started: drawn.cnk, events } : null;

/** The prices seed's check: its schema (the product page loads zod with the product's schemas). */
const pricesSeed = (value: unknown) => productPricesSeedSchema.safeParse(value).data ?? null;

export default function ProductPage() {
  const drawn = usePricesSeed(pricesSeed);
  return (
    <PricesSeedContext.Provider value={drawn}>
      <SearchProvider initial={searchStart(drawn)}>
        <ProductContent />
      </SearchProvider>
    </PricesSeedContext.Provider>
  );
}

/**
 * The page's price parts alone (the `[data-prices-part]` elements), drawn with `prices` exactly as
 * the whole page draws them: the server answers them to a page drawn without its prices, which
 * swaps them in place (ADR 140), once more after each retailer's answer (ADR 167).
 */
export function ProductPriceParts({ prices, events }: { prices: ProductPricesSeed; events?: SearchEvent[] }) {
  return (
    <PricesSeedContext.Provider value={prices}>
      <SearchProvider initial={searchStart(prices, events)}>
        <BestPriceFact cnk={prices.cnk} />
        <ProductPrices cnk={prices.cnk} />
      </SearchProvider>
    </PricesSeedContext.Provider>
  );
}
