import { readFile } from 'node:fs/promises';
import type { ColumnMap } from './feed-parse/feed-delimited';
import { FeedError } from './feed-parse/feed-error';
import { FEED_FIELDS } from './feed-parse/feed-item';

/**
 * A retailer's column map (RETAILER_FEED_COLUMNS): a JSON object from our field names (Google's: id,
 * title, link, price...) to the feed's column names. Read at each import, so an edit needs no restart;
 * a bad file refuses the import (malformed) rather than reading the feed wrongly.
 */
export async function readColumnMap(file: string): Promise<ColumnMap> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new FeedError('malformed', `column map ${file}: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new FeedError('malformed', `column map ${file}: not a JSON object`);
  }
  const map: ColumnMap = {};
  for (const [field, column] of Object.entries(parsed)) {
    if (!(FEED_FIELDS as readonly string[]).includes(field) || typeof column !== 'string') {
      throw new FeedError('malformed', `column map ${file}: "${field}" is not one of ${FEED_FIELDS.join(', ')}`);
    }
    map[field as keyof ColumnMap] = column;
  }
  return map;
}
