import type { AdminFeed } from '@pharmaradar/shared/admin.schema';
import type { AdminFeedsRepository } from './admin-feeds.repository';

/** A configured feed as the composition names it (the feeds feature's sources). */
export interface ConfiguredFeed {
  retailer: string;
  name: string;
  source: string;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A feed URL as staff see it: an affiliate network's URL often carries a key in its query or user part. */
export function shownSource(source: string): string {
  if (!/^https?:/.test(source)) return source;
  const url = new URL(source);
  return `${url.origin}${url.pathname}`;
}

/** Each configured feed with its live import and its latest refusal (the /admin feeds panel). */
export function adminFeeds(feeds: readonly ConfiguredFeed[], repo: AdminFeedsRepository): AdminFeed[] {
  return feeds.map((feed) => {
    const row = repo.statusOf(feed.retailer);
    return {
      retailer: feed.retailer,
      name: feed.name,
      source: shownSource(feed.source),
      imported_at: iso(row.imported_at),
      checked_at: iso(row.checked_at),
      items: row.items,
      last_refusal:
        row.refused_at === null
          ? null
          : { at: iso(row.refused_at)!, refusal: row.refusal ?? 'error', message: row.message },
      refused: row.latest_outcome === 'refused',
    };
  });
}
