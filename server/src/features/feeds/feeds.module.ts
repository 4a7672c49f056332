import type { Env } from '../../config/env';
import type { Db } from '../../db/database';
import type { RepeatingJob } from '../../lib/repeating-job';
import type { CatalogueLookup } from '../../lib/catalogue-lookup';
import type { Logger } from '../../lib/log';
import { createPoliteFetcher, userAgentFor } from '../../retailers/lib/polite-fetch';
import { DEFAULT_BASE_URLS } from '../../retailers/registry';
import { shopDisplayName } from '../../retailers/shop-names';
import { isRetailerId, type RetailerConnector, type ShopId } from '../../retailers/types';
import { createFeedConnector } from './feed-connector';
import { FEED_DOWNLOAD_TIMEOUT_MS, FEED_MAX_BYTES, importFeed, type FeedImportOutcome } from './feed-import';
import { FeedError } from './feed-parse/feed-error';
import { createFeedsRepository, type FeedsRepository } from './feeds.repository';

/** What a refused import reports where the shops' failures are watched (/admin and the shop alarm). */
export type FeedRefusalReport = (retailer: string, reason: string, ms: number) => void;

/** What the feeds need from the app (app.ts wires it). */
export interface FeedsDeps {
  db: Db;
  log: Logger;
  now: () => number;
  env: Pick<
    Env,
    'RETAILER_FEEDS' | 'RETAILER_FEED_COLUMNS' | 'FEED_REFRESH_H' | 'RETAILERS' | 'RETAILERS_MODE' | 'PUBLIC_URL'
  > &
    Partial<Pick<Env, 'RETAILER_NAMES'>>;
  catalogue: CatalogueLookup;
  /** Other GTIN -> CNK pairs (the search's EAN lookup), after the official catalogue. */
  cnkOfEan?: ((gtin: string) => string | null) | null;
  refused?: FeedRefusalReport;
  /** After every import attempt, accepted or refused (the shop alarm judges the feed at once). */
  ended?: () => void;
  /** Feeds read without RETAILER_FEEDS naming them (demo mode: the demo Newpharma's); the variable wins. */
  starterFeeds?: StarterFeeds | null;
}

/** Feeds the composition adds (the demo's), and how their links are shown (the demo shops' public paths). */
export interface StarterFeeds {
  sources: Partial<Record<ShopId, string>>;
  rewriteUrl: (url: string) => string;
}

const HOUR = 3600_000;

export type FeedImporterDeps = Pick<FeedsDeps, 'log' | 'now' | 'refused' | 'ended'> & {
  repo: FeedsRepository;
  env: Pick<Env, 'RETAILER_FEED_COLUMNS' | 'RETAILERS_MODE' | 'PUBLIC_URL'>;
};

/** A polite fetcher allowed to one feed's URL only. */
export function feedFetcherFor(env: Pick<Env, 'RETAILERS_MODE' | 'PUBLIC_URL'>) {
  return (url: string) =>
    createPoliteFetcher({
      allowedBaseUrls: [url],
      timeoutMs: FEED_DOWNLOAD_TIMEOUT_MS,
      // The demo's feed is served on loopback like the demo shops; a live feed must be on a public host.
      allowPrivateHosts: env.RETAILERS_MODE === 'demo',
      maxBytes: FEED_MAX_BYTES,
      userAgent: userAgentFor(env.PUBLIC_URL),
    });
}

/** Imports one feed now (the job, `npm run feeds:import`); rejects with FeedError when it refuses. */
export function createFeedImporter(deps: FeedImporterDeps) {
  const { repo, log } = deps;
  const fetcherFor = feedFetcherFor(deps.env);

  /** Imports one configured feed now (the job, the command line); rejects with FeedError on refusal. */
  async function importNow(
    retailer: ShopId,
    source: string,
    options: { force?: boolean; allowShrink?: boolean } = {},
  ): Promise<FeedImportOutcome> {
    const started = performance.now();
    try {
      const columnsFile = deps.env.RETAILER_FEED_COLUMNS[retailer];
      return await importFeed(
        { repo, log, now: deps.now, fetcherFor },
        { retailer, source, ...(columnsFile ? { columnsFile } : {}) },
        options,
      );
    } catch (error) {
      if (error instanceof FeedError) {
        deps.refused?.(
          retailer,
          `feed refused (${error.refusal}): ${error.message}`,
          Math.round(performance.now() - started),
        );
      }
      throw error;
    } finally {
      deps.ended?.();
    }
  }
  return importNow;
}

/**
 * The shops read from their feeds (docs/decisions/170, 171): their connectors, which take the place of
 * the page connectors of the same shops, and one import job per feed.
 */
export function createFeedsModule(deps: FeedsDeps) {
  const log = deps.log.child({ feature: 'feeds' });
  const repo = createFeedsRepository(deps.db);
  // A starter feed counts only for a shop the configuration searches (RETAILERS).
  const starters = Object.entries(deps.starterFeeds?.sources ?? {}).filter(([id]) => deps.env.RETAILERS.includes(id));
  const feeds = Object.entries({ ...Object.fromEntries(starters), ...deps.env.RETAILER_FEEDS }) as Array<
    [ShopId, string]
  >;
  const everyMs = deps.env.FEED_REFRESH_H * HOUR;
  const importNow = createFeedImporter({ ...deps, log, repo });

  const jobs: RepeatingJob[] = feeds.map(([retailer, source]) => ({
    name: `feed import ${retailer}`,
    everyMs,
    // At start-up only when the stored feed is older than the refresh interval (or from elsewhere).
    firstRunInMs: () => {
      const state = repo.state(retailer);
      if (!state || state.source !== source) return 0;
      return Math.max(0, state.checked_at + everyMs - deps.now());
    },
    // A refusal is logged and reported by the import: the job itself did not fail.
    run: () =>
      importNow(retailer, source).catch((error: unknown) =>
        error instanceof FeedError ? null : Promise.reject(error),
      ),
  }));

  return {
    /** The page connectors with the shops read from feeds replaced by their feed connectors. */
    connectors(pages: readonly RetailerConnector[]): RetailerConnector[] {
      const fed = new Map(feeds);
      const ids = deps.env.RETAILERS.filter((id) => fed.has(id) || pages.some((c) => c.id === id));
      return ids.map((id) => {
        const source = fed.get(id);
        if (source === undefined) return pages.find((c) => c.id === id)!;
        return createFeedConnector({
          id,
          label: shopDisplayName(id, deps.env.RETAILER_NAMES),
          // A feed-only shop read from a file has no address of its own: its offers' links are its.
          baseUrl: /^https?:/.test(source) ? new URL(source).origin : isRetailerId(id) ? DEFAULT_BASE_URLS[id] : '',
          repo,
          catalogue: deps.catalogue,
          cnkOfGtin: deps.cnkOfEan ?? null,
          now: deps.now,
          ...(deps.starterFeeds ? { rewriteUrl: deps.starterFeeds.rewriteUrl } : {}),
        });
      });
    },
    jobs,
    importNow,
    repo,
    /** Each feed read, with its shop's display name (the /admin feeds panel). */
    sources: feeds.map(([retailer, source]) => ({
      retailer,
      name: shopDisplayName(retailer, deps.env.RETAILER_NAMES),
      source,
    })),
  };
}
