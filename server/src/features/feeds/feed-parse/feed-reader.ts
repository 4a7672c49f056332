import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { delimitedFeedReader, type ColumnMap } from './feed-delimited';
import { FeedError } from './feed-error';
import { readFeedItem, type FeedItem, type RawFeedItem } from './feed-item';
import { xmlFeedReader, type FeedPushReader } from './feed-xml';

export type FeedFormat = 'xml' | 'delimited';

export interface FeedReadSummary {
  format: FeedFormat;
  /** Items handed to onItem. */
  items: number;
  /** Items left out: no id, no title, or no valid price in euros. */
  skipped: number;
  bytes: number;
}

export interface FeedReadOptions {
  /** Past this many bytes the feed is refused (too_large). */
  maxBytes: number;
  columns?: ColumnMap;
  /** Each item left out, with its id when it has one and why (the dry run shows them). */
  onRefused?: (refused: { id: string | null; reason: string }) => void;
}

/**
 * Reads a feed from a byte stream (UTF-8), item by item: XML when its first character is `<`, else
 * tab/comma-separated. Each offerable item goes to `onItem` as it is read, so a 100,000-item feed
 * never sits in memory. Rejects with FeedError (truncated, malformed, too_large, empty).
 */
export async function readFeed(
  stream: Readable,
  options: FeedReadOptions,
  onItem: (item: FeedItem) => void,
): Promise<FeedReadSummary> {
  const decoder = new StringDecoder('utf8');
  let reader: FeedPushReader | null = null;
  let format: FeedFormat = 'delimited';
  let items = 0;
  let skipped = 0;
  let bytes = 0;
  const take = (raw: RawFeedItem) => {
    const reading = readFeedItem(raw);
    if ('item' in reading) {
      items++;
      onItem(reading.item);
      return;
    }
    skipped++;
    options.onRefused?.({ id: raw.id?.trim() || null, reason: reading.refused });
  };
  let lead = '';
  const push = (text: string) => {
    if (!reader) {
      lead += text;
      const start = lead.replace(/^\uFEFF/, '').trimStart();
      if (start === '') return;
      format = start.startsWith('<') ? 'xml' : 'delimited';
      reader = format === 'xml' ? xmlFeedReader(take) : delimitedFeedReader(take, options.columns);
      text = lead.replace(/^\uFEFF/, '');
      if (format === 'xml') text = text.trimStart();
    }
    reader.write(text);
  };
  try {
    for await (const chunk of stream) {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      bytes += buf.length;
      if (bytes > options.maxBytes)
        throw new FeedError('too_large', `the feed is larger than ${options.maxBytes} bytes`);
      push(decoder.write(buf));
    }
  } catch (error) {
    stream.destroy();
    if (error instanceof FeedError) throw error;
    // The connection or the file broke off mid-way: what was read is only part of the feed.
    throw new FeedError('truncated', `the feed broke off after ${bytes} bytes (${(error as Error).message})`);
  }
  push(decoder.end());
  if (!reader) throw new FeedError('empty', 'the feed is empty');
  (reader as FeedPushReader).end();
  if (items === 0) throw new FeedError('empty', `the feed has no item with an id, a title and a price in euros`);
  return { format, items, skipped, bytes };
}
