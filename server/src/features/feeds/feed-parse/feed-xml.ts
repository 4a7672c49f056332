import { SaxesParser, type SaxesTagNS } from 'saxes';
import { FeedError } from './feed-error';
import { FEED_FIELDS, type FeedField, type RawFeedItem } from './feed-item';

// Google Merchant Center XML feeds (https://support.google.com/merchants/answer/160589 and the pages
// beside it): RSS 2.0 (rss > channel > item), RSS 1.0 (rdf:RDF > item), Atom 1.0 and Atom 0.3
// (feed > entry), product attributes in the namespace http://base.google.com/ns/1.0. Elements are
// matched by namespace URI, never by prefix: a feed may bind a namespace to any prefix, or make it the
// default one.

export const GOOGLE_NS = 'http://base.google.com/ns/1.0';
const FIELDS = new Set<string>(FEED_FIELDS);

/** How one XML format places its items: their element, its depth, and its own namespace. */
interface Dialect {
  /** The namespace of the format's own elements (item, title, link, id). */
  ns: string;
  item: string;
  /** The root is depth 1. */
  itemDepth: number;
  /** Atom's link is an empty element with the URL in href. */
  hrefLink: boolean;
}

/** The formats Google documents, by their root element ({namespace}local). */
const DIALECTS: Record<string, Dialect> = {
  // RSS 2.0 has no namespace.
  '{}rss': { ns: '', item: 'item', itemDepth: 3, hrefLink: false },
  // RSS 1.0 (https://web.resource.org/rss/1.0/spec): items are the root's children, beside the channel.
  '{http://www.w3.org/1999/02/22-rdf-syntax-ns#}RDF': {
    ns: 'http://purl.org/rss/1.0/',
    item: 'item',
    itemDepth: 2,
    hrefLink: false,
  },
  '{http://www.w3.org/2005/Atom}feed': {
    ns: 'http://www.w3.org/2005/Atom',
    item: 'entry',
    itemDepth: 2,
    hrefLink: true,
  },
  // Atom 0.3, the draft before RFC 4287: its own namespace, the same shape.
  '{http://purl.org/atom/ns#}feed': { ns: 'http://purl.org/atom/ns#', item: 'entry', itemDepth: 2, hrefLink: true },
};

export interface FeedPushReader {
  write(chunk: string): void;
  /** Ends the file: a truncated or rootless document throws here. */
  end(): void;
}

/**
 * A push reader of an RSS or Atom feed handing each item's attributes to `onItem` as soon as the item
 * closes: memory stays one item deep whatever the feed's size. Throws FeedError.
 */
export function xmlFeedReader(onItem: (item: RawFeedItem) => void): FeedPushReader {
  const parser = new SaxesParser({ xmlns: true, position: true });
  let depth = 0;
  let itemDepth = 0;
  let root: Dialect | null = null;
  let item: RawFeedItem | null = null;
  let field: { name: FeedField; google: boolean; text: string } | null = null;
  const fail = (refusal: 'malformed' | 'truncated', message: string): never => {
    throw new FeedError(refusal, `line ${parser.line}: ${message}`);
  };

  parser.on('opentag', (tag: SaxesTagNS) => {
    depth++;
    const ns = tag.uri ?? '';
    const local = tag.local ?? '';
    if (depth === 1) {
      root = DIALECTS[`{${ns}}${local}`] ?? null;
      if (!root) fail('malformed', `root element {${ns}}${local} is not RSS 2.0, RSS 1.0, Atom 1.0 or Atom 0.3`);
      return;
    }
    const own = ns === root!.ns;
    if (!item && own && local === root!.item && depth === root!.itemDepth) {
      item = {};
      itemDepth = depth;
      return;
    }
    if (!item || depth !== itemDepth + 1) return;
    const google = ns === GOOGLE_NS;
    if (root!.hrefLink && own && local === 'link') {
      const rel = tag.attributes.rel?.value ?? 'alternate';
      if (rel === 'alternate' && item.link === undefined) item.link = tag.attributes.href?.value ?? '';
      return;
    }
    if ((google || (own && (local === 'title' || local === 'link' || local === 'id'))) && FIELDS.has(local)) {
      field = { name: local as FeedField, google, text: '' };
    }
  });
  const onText = (text: string) => {
    if (field) field.text += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    if (field && item && depth === itemDepth + 1) {
      // g:title wins over the plain title, which Atom and RSS require for other readers.
      if (field.google || item[field.name] === undefined) item[field.name] = field.text.trim();
      field = null;
    }
    if (item && depth === itemDepth) {
      onItem(item);
      item = null;
    }
    depth--;
  });
  parser.on('error', (error) => {
    if (error instanceof FeedError) throw error;
    throw new FeedError('malformed', error.message);
  });

  return {
    write(chunk) {
      parser.write(chunk);
    },
    end() {
      if (depth > 0 && root) fail('truncated', `the feed ends inside an element (${depth} still open)`);
      try {
        parser.close();
      } catch (error) {
        if (error instanceof FeedError) throw new FeedError('truncated', error.message);
        throw error;
      }
      if (!root) fail('malformed', 'no root element');
    },
  };
}
