import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { readColumnMap } from './feed-columns';
import { download, FEED_MAX_BYTES, isUrl, type FeedImportDeps } from './feed-import';
import { FeedError } from './feed-parse/feed-error';
import { readFeed } from './feed-parse/feed-reader';
import { priceAt } from './feed-parse/feed-sale';

// `npm run feeds:import -- <shop> <source> --dry-run`: the feed read as an import would read it, with
// nothing stored, so an operator sees what a shop not yet configured would offer before adding it.

/** One item as the dry run shows it: prices in euros at the time of the run. */
export interface DryRunItem {
  id: string;
  title: string;
  price: number;
  wasPrice: number | null;
  inStock: boolean | null;
  gtin: string | null;
  cnk: string | null;
  url: string | null;
}

export interface DryRunReport {
  items: DryRunItem[];
  refused: Array<{ id: string | null; reason: string }>;
}

/** Reads `source` (an http(s) URL or a file path) without touching the database; rejects with FeedError. */
export async function dryRunFeed(
  deps: Pick<FeedImportDeps, 'fetcherFor' | 'now' | 'maxBytes'>,
  source: string,
  columnsFile?: string,
): Promise<DryRunReport> {
  const columns = columnsFile ? await readColumnMap(columnsFile) : undefined;
  const opened = isUrl(source)
    ? await download(deps.fetcherFor, source)
    : await stat(source).then(
        () => ({ stream: createReadStream(source), cleanup: async () => {} }),
        (error: Error) => {
          throw new FeedError('unreachable', `cannot read ${source} (${error.message})`);
        },
      );
  const report: DryRunReport = { items: [], refused: [] };
  const now = deps.now();
  try {
    await readFeed(
      opened.stream!,
      {
        maxBytes: deps.maxBytes ?? FEED_MAX_BYTES,
        ...(columns ? { columns } : {}),
        onRefused: (refused) => report.refused.push(refused),
      },
      (item) => {
        const { price, wasPrice } = priceAt(item, now);
        report.items.push({
          id: item.id,
          title: item.title,
          price,
          wasPrice,
          inStock: item.inStock,
          gtin: item.gtin,
          cnk: item.cnk,
          url: item.link,
        });
      },
    );
  } finally {
    await opened.cleanup();
  }
  return report;
}
