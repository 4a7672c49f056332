import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Logger } from '../../lib/log';
import { hasShrunk } from '../../lib/shrink-rule';
import type { PoliteFetcher } from '../../retailers/lib/polite-fetch';
import { RetailerError } from '../../retailers/types';
import { readColumnMap } from './feed-columns';
import { FeedError } from './feed-parse/feed-error';
import type { FeedItem } from './feed-parse/feed-item';
import { readFeed, type FeedReadSummary } from './feed-parse/feed-reader';
import type { FeedsRepository } from './feeds.repository';

// One import of one shop's feed (docs/decisions/171): fetched (conditional GET) or read from disk,
// streamed into a staging table, then swapped in whole, or refused with the live feed left as it was.

/** A feed is refused past this size (a 100,000-item Google feed is about 60 MB). */
export const FEED_MAX_BYTES = 512 * 1024 * 1024;
/** Time allowed for one download, the body included. */
export const FEED_DOWNLOAD_TIMEOUT_MS = 10 * 60_000;
/** Items staged per write transaction: the server keeps answering between two batches. */
const BATCH = 2000;

export interface FeedSource {
  retailer: string;
  /** An http(s) URL or an absolute file path. */
  source: string;
  /** RETAILER_FEED_COLUMNS' JSON file for this feed, read at each import. */
  columnsFile?: string;
}

export interface FeedImportDeps {
  repo: FeedsRepository;
  log: Logger;
  now: () => number;
  /** Fetches a URL source (the connectors' polite fetch, allowed to the feed's origin only). */
  fetcherFor: (url: string) => PoliteFetcher;
  maxBytes?: number;
}

export type FeedImportOutcome =
  | { outcome: 'imported'; items: number; skipped: number; bytes: number; ms: number }
  | { outcome: 'unchanged'; ms: number };

export const isUrl = (source: string) => /^https?:\/\//.test(source);

export interface Opened {
  stream: Readable | null;
  etag: string | null;
  lastModified: string | null;
  cleanup: () => Promise<void>;
}

/** The feed's bytes, or stream null when the source says nothing changed since the live import. */
async function open(deps: FeedImportDeps, feed: FeedSource, force: boolean): Promise<Opened> {
  const live = deps.repo.state(feed.retailer);
  const same = !force && live !== null && live.source === feed.source;
  if (!isUrl(feed.source)) {
    const info = await stat(feed.source).catch((error: Error) => {
      throw new FeedError('unreachable', `cannot read ${feed.source} (${error.message})`);
    });
    const lastModified = `${info.mtimeMs}:${info.size}`;
    if (same && live.last_modified === lastModified) {
      return { stream: null, etag: null, lastModified, cleanup: async () => {} };
    }
    return { stream: createReadStream(feed.source), etag: null, lastModified, cleanup: async () => {} };
  }
  const validators = same ? { etag: live.etag, lastModified: live.last_modified } : undefined;
  return download(deps.fetcherFor, feed.source, validators);
}

/**
 * A URL's feed downloaded to a temporary file (removed by cleanup), or stream null on a 304 to the
 * validators. The fetcher's own refusals become the feed's: too_large, else unreachable.
 */
export async function download(
  fetcherFor: FeedImportDeps['fetcherFor'],
  url: string,
  validators?: { etag: string | null; lastModified: string | null },
): Promise<Opened> {
  const dir = await mkdtemp(join(tmpdir(), 'pharmaradar-feed-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  const fetcher = fetcherFor(url);
  try {
    const file = join(dir, 'feed');
    const page = await fetcher.download(url, AbortSignal.timeout(FEED_DOWNLOAD_TIMEOUT_MS), file, validators);
    const etag = page.etag ?? null;
    const lastModified = page.lastModified ?? null;
    if (page.status === 304) return { stream: null, etag, lastModified, cleanup };
    return { stream: createReadStream(file), etag, lastModified, cleanup };
  } catch (error) {
    await cleanup();
    if (error instanceof RetailerError) {
      const tooLarge = /larger than/.test(error.message);
      throw new FeedError(tooLarge ? 'too_large' : 'unreachable', error.message);
    }
    throw error;
  } finally {
    fetcher.close();
  }
}

/**
 * Imports one feed now. Resolves 'imported' (swapped in) or 'unchanged' (304, same file); rejects
 * with FeedError when it refuses, the live feed untouched. Every attempt is recorded.
 */
export async function importFeed(
  deps: FeedImportDeps,
  feed: FeedSource,
  options: { force?: boolean; allowShrink?: boolean } = {},
): Promise<FeedImportOutcome> {
  const started = deps.now();
  const t0 = performance.now();
  const ms = () => Math.round(performance.now() - t0);
  const base = { retailer: feed.retailer, source: feed.source, at: started };
  let summary: FeedReadSummary | null = null;
  try {
    const columns = feed.columnsFile ? await readColumnMap(feed.columnsFile) : undefined;
    const opened = await open(deps, feed, options.force ?? false);
    try {
      if (!opened.stream) {
        deps.repo.checked(feed.retailer, started);
        const outcome = { outcome: 'unchanged' as const, ms: ms() };
        deps.repo.record({
          ...base,
          ...outcome,
          refusal: null,
          message: null,
          items: null,
          skipped: null,
          bytes: null,
        });
        return outcome;
      }
      deps.repo.clearStaging(feed.retailer);
      let batch: FeedItem[] = [];
      summary = await readFeed(
        opened.stream,
        { maxBytes: deps.maxBytes ?? FEED_MAX_BYTES, ...(columns ? { columns } : {}) },
        (item) => {
          batch.push(item);
          if (batch.length >= BATCH) {
            deps.repo.stage(feed.retailer, batch);
            batch = [];
          }
        },
      );
      deps.repo.stage(feed.retailer, batch);
      const previous = deps.repo.state(feed.retailer)?.items ?? 0;
      if (!options.allowShrink && hasShrunk(summary.items, previous)) {
        throw new FeedError(
          'shrunk',
          `${summary.items} items where the live feed has ${previous}: more than half of them are gone`,
        );
      }
      const items = deps.repo.swap({
        retailer: feed.retailer,
        source: feed.source,
        imported_at: started,
        checked_at: started,
        etag: opened.etag,
        last_modified: opened.lastModified,
      });
      const outcome = { outcome: 'imported' as const, items, skipped: summary.skipped, bytes: summary.bytes, ms: ms() };
      deps.repo.record({ ...base, ...outcome, refusal: null, message: null });
      deps.log.info('feed imported', { retailer: feed.retailer, ...outcome });
      return outcome;
    } finally {
      await opened.cleanup();
    }
  } catch (error) {
    deps.repo.clearStaging(feed.retailer);
    if (!(error instanceof FeedError)) throw error;
    deps.repo.record({
      ...base,
      ms: ms(),
      outcome: 'refused',
      refusal: error.refusal,
      message: error.message,
      items: summary?.items ?? null,
      skipped: summary?.skipped ?? null,
      bytes: summary?.bytes ?? null,
    });
    deps.log.warn('feed refused, the previous one stays', {
      retailer: feed.retailer,
      refusal: error.refusal,
      reason: error.message,
    });
    throw error;
  }
}
