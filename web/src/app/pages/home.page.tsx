import { useCallback, useEffect, useRef, useState, type Ref } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { PRICES_PART_ATTRIBUTE, RESULTS_SLOT_ATTRIBUTE } from '@pharmaradar/shared/first-screen-markup';
import { takeEmbeddedSearch } from '../../lib/first-screen-seeds/search-seed';
import { searchSeed } from '../../features/search/search-seed-check';
import { LocalizedLink } from '../../lib/router/localized-link';
import { AdSlot } from '../../features/ads/ad-slot';
import { FaqSection } from '../../features/search/home/faq-section';
import { HomeBanner } from '../../features/search/home/home-banner';
import { HomeFooter } from '../../features/search/home/home-footer';
import { HomeHeader } from '../../features/search/home/home-header';
import { ProPromo } from '../../features/search/home/pro-promo';
import { LivePrices } from '../../features/search/live-prices';
import { PopularChips } from '../../features/search/popular-chips';
import { SearchProvider, useSearch, type SearchStart } from '../../features/search/search-context';
import { RESULTS_ANCHOR, SearchForm } from '../../features/search/search-form';
import { Disclaimer } from '../../features/search/search-notices';
import { useRevealResults } from '../../features/search/use-reveal-results';
import '../../features/search/home/home.css';

/**
 * The home page inside its search context. The query lives in the URL (?q=) so a result can be
 * shared, bookmarked and reloaded. Exported for tests that look into the shared search context.
 */
export function HomeContent() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const { search, status, products, query } = useSearch();
  const results = useRef<HTMLElement>(null);
  const revealResults = useRevealResults(results, { status, productCount: products.length, query });
  // A search made on the drawn page before the app ran (ADR 167) is this one: not asked again.
  const seeded = useRef(q !== '' && status === 'done' && query === q ? q : null);

  useEffect(() => {
    if (seeded.current === q) return;
    seeded.current = null;
    search(q);
  }, [q, search]);

  useEffect(() => {
    const title = intl.formatMessage({ id: 'search.meta.title' });
    document.title = q ? `${q} · ${title}` : title;
  }, [intl, q]);

  const submit = useCallback(
    (query: string) => {
      revealResults();
      if (query === q)
        search(query); // same words again: the user wants fresh prices
      else setParams({ q: query });
    },
    [q, search, setParams, revealResults],
  );

  const t = (id: string) => intl.formatMessage({ id: `search.hero.${id}` });
  return (
    <div className="home">
      <HomeHeader />
      <main id="main" className="home__main">
        <section className={`home-hero${q ? ' home-hero--compact' : ''}`}>
          <div className="home-hero__inner">
            <p className="home-hero__eyebrow">{t('eyebrow')}</p>
            <h1 className="home-hero__title">{t('title')}</h1>
            <p className="home-hero__subtitle">{t('subtitle')}</p>
            <SearchForm key={q} initialQuery={q} busy={status === 'loading'} onSubmit={submit} />
            <PopularChips onPick={submit} />
            <p className="home-hero__nearby">
              <LocalizedLink to="/pharmacies">{intl.formatMessage({ id: 'pharmacies.link.home' })}</LocalizedLink>
            </p>
            {status === 'idle' && <Disclaimer />}
          </div>
        </section>
        <div className="home__content" {...{ [RESULTS_SLOT_ATTRIBUTE]: '' }}>
          {status !== 'idle' && <SearchResults query={q} ref={results} />}
          <HomeBanner />
          <AdSlot />
          <FaqSection />
          <ProPromo />
        </div>
      </main>
      <HomeFooter />
    </div>
  );
}

/** The results region; the drawn page swaps it in place as each shop answers (ADR 167). */
function SearchResults({ query, ref }: { query: string; ref?: Ref<HTMLElement> }) {
  const intl = useIntl();
  return (
    <section
      ref={ref}
      id={RESULTS_ANCHOR}
      tabIndex={-1}
      className="home__results"
      data-testid="search-results"
      aria-label={intl.formatMessage({ id: 'search.results.heading' }, { query })}
      {...{ [PRICES_PART_ATTRIBUTE]: 'results' }}
    >
      <LivePrices />
    </section>
  );
}

/** The results part alone, as the home page draws it after `start` (the server draws it, ADR 167). */
export function HomeResultsPart({ start }: { start: SearchStart }) {
  const query = 'ended' in start ? start.ended.query : start.started;
  return (
    <SearchProvider initial={start}>
      <SearchResults query={query} />
    </SearchProvider>
  );
}

export default function HomePage() {
  const [params] = useSearchParams();
  // The result of a search the drawn page made before the app ran, for this address's query only.
  const [seed] = useState(() => takeEmbeddedSearch((params.get('q') ?? '').trim(), searchSeed));
  return (
    <SearchProvider initial={seed && { ended: seed }}>
      <HomeContent />
    </SearchProvider>
  );
}
