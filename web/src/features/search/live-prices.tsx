import { lazy, Suspense, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { formatDateTime } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';
import { ProductCard } from './product-card';
import { useSearch } from './search-context';
import { DemoBadge, Disclaimer, FetchError, NoOffers, NoResults, OfflineNotice } from './search-notices';
import { SearchProgress } from './search-progress';
import { PRODUCT_SORTS, sortProducts, type ProductSort } from './sort-products';
import { useOnlineStatus } from '../../lib/network/use-online-status';
import './live-prices.css';

// Reads IndexedDB (Dexie): only an offline search without a saved answer shows it, so it loads then.
const RecentSearches = lazy(() => import('./recent-searches').then((m) => ({ default: m.RecentSearches })));

/** Server errors whose translated detail tells the user more than the generic message. */
const SHOW_DETAIL = new Set(['rate_limited', 'query_too_long', 'empty_query']);

interface LivePricesProps {
  /** Heading above the cards ("Results for …") on the home page; the landing page has its own. */
  showHeading?: boolean;
  /** False on a product's own landing page (its cards do not link to itself). */
  linkToPages?: boolean;
  /**
   * A product's landing page: the CNK it is about. A search that finds no offer for it says 'No offers
   * available' rather than 'No results' (the product exists; nobody sells it right now).
   */
  productCnk?: string;
}

/** Everything a running or finished search shows: progress, cards, and every empty/error/offline state. */
export function LivePrices({ showHeading = true, linkToPages = true, productCnk }: LivePricesProps) {
  const intl = useIntl();
  const locale = useLocale();
  const online = useOnlineStatus();
  const { status, query, stage, demo, retailers, products, result, fetchedAt, offlineReason, error, retry } =
    useSearch();
  const [sort, setSort] = useState<ProductSort>('relevance');
  const sorted = useMemo(() => sortProducts(products, sort), [products, sort]);
  if (status === 'idle') return null;

  const answered = (s: string) => s === 'ok' || s === 'empty';
  const allFailed =
    status === 'done' && !!result && result.products.length === 0 && !result.retailers.some((r) => answered(r.status));
  const someFailed = status === 'done' && !allFailed && retailers.some((r) => !answered(r.status));
  const showProgress = status === 'loading' || status === 'done';
  const showCards = products.length > 0 && !allFailed;
  const answeredEmpty = status === 'done' && !allFailed;
  const noOffers = answeredEmpty && productCnk !== undefined && !products.some((p) => p.cnk === productCnk);

  return (
    <div className="live-prices" aria-busy={status === 'loading'}>
      {showProgress && <SearchProgress stage={stage} retailers={retailers} />}

      {status === 'offline' && offlineReason && (
        <OfflineNotice reason={offlineReason} savedAt={result ? fetchedAt : null} online={online} onRetry={retry} />
      )}
      {(status === 'error' || allFailed) && (
        <FetchError onRetry={retry} detail={error && SHOW_DETAIL.has(error.code) ? error.detail : null} />
      )}

      {showHeading && showCards && (
        <div className="live-prices__heading spread-row">
          <h2 className="live-prices__title">{intl.formatMessage({ id: 'search.results.heading' }, { query })}</h2>
          <span className="live-prices__count">
            {intl.formatMessage({ id: 'search.results.count' }, { count: products.length })}
          </span>
        </div>
      )}
      {showCards && products.length > 1 && (
        <label className="live-prices__sort">
          <span>{intl.formatMessage({ id: 'search.sort.label' })}</span>
          <select
            name="sort"
            value={sort}
            data-testid="sort-select"
            onChange={(e) => setSort(e.target.value as ProductSort)}
          >
            {PRODUCT_SORTS.map((option) => (
              <option key={option} value={option}>
                {intl.formatMessage({ id: `search.sort.${option}` })}
              </option>
            ))}
          </select>
        </label>
      )}
      {demo === true && <DemoBadge />}
      {status === 'loading' && showCards && (
        <p className="live-prices__note">{intl.formatMessage({ id: 'search.results.provisional' })}</p>
      )}
      {someFailed && (
        <p className="live-prices__note live-prices__note--warn">
          {intl.formatMessage({ id: 'search.results.partial' })}
        </p>
      )}

      {showCards && (
        <div className={`live-prices__grid${products.length === 1 ? ' live-prices__grid--single' : ''}`}>
          {sorted.map((product, index) => (
            <ProductCard
              key={product.cnk ?? `name:${product.name}:${index}`}
              product={product}
              linkToPage={linkToPages}
            />
          ))}
        </div>
      )}

      {noOffers ? <NoOffers /> : answeredEmpty && products.length === 0 && <NoResults query={query} />}
      {status === 'offline' && !result && (
        <Suspense fallback={null}>
          <RecentSearches />
        </Suspense>
      )}

      {showCards && fetchedAt && status === 'done' && (
        <p className="live-prices__fetched">
          {intl.formatMessage({ id: 'search.results.fetchedAt' }, { date: formatDateTime(fetchedAt, locale) })}
        </p>
      )}
      {(showCards || status === 'done') && <Disclaimer />}
    </div>
  );
}
