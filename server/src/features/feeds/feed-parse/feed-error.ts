/**
 * Why a feed is refused (docs/decisions/171); the previous import stays live. truncated: the file
 * ends inside an item or before its root closes; malformed: not a feed format we read, or broken
 * inside; too_large: past the size cap; empty: no item we can offer; shrunk: lost more than half of
 * the items of the import before; unreachable: the shop's server or the file could not be read.
 */
export type FeedRefusal = 'truncated' | 'malformed' | 'too_large' | 'empty' | 'shrunk' | 'unreachable';

export class FeedError extends Error {
  constructor(
    readonly refusal: FeedRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'FeedError';
  }
}
