import type { IncomingMessage, ServerResponse } from 'node:http';
import { startLoopbackServer, type LoopbackServer } from '../../../test/fakes/http-server';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';

/** One item of a Google Merchant RSS feed written for a test. */
export interface TestFeedItem {
  id: string;
  title: string;
  price: string;
  salePrice?: string;
  availability?: string;
  gtin?: string;
  brand?: string;
  link?: string;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A Google Merchant Center RSS 2.0 feed (g: namespace) of these items. */
export function rssFeed(items: readonly TestFeedItem[]): string {
  const entries = items.map((i) =>
    [
      '<item>',
      `<g:id>${escape(i.id)}</g:id>`,
      `<title>${escape(i.title)}</title>`,
      `<link>${escape(i.link ?? `https://shop.example.be/p/${i.id}`)}</link>`,
      `<g:price>${i.price}</g:price>`,
      i.salePrice ? `<g:sale_price>${i.salePrice}</g:sale_price>` : '',
      `<g:availability>${i.availability ?? 'in stock'}</g:availability>`,
      i.gtin ? `<g:gtin>${i.gtin}</g:gtin>` : '',
      i.brand ? `<g:brand>${escape(i.brand)}</g:brand>` : '',
      '</item>',
    ].join(''),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><title>Shop</title>${entries.join('\n')}</channel></rss>\n`;
}

export type FeedServer = LoopbackServer & {
  /** Serves this body from now on, under a new ETag. */
  serve(body: string): void;
  /** The answers given so far: 200 or 304. */
  statuses: number[];
};

/** A shop's feed on loopback, answering conditional GETs (ETag, If-None-Match) as a real server does. */
export async function startFeedServer(body: string): Promise<FeedServer> {
  let current = body;
  let version = 1;
  const statuses: number[] = [];
  const server = await startLoopbackServer((req: IncomingMessage, res: ServerResponse) => {
    const etag = `"v${version}"`;
    if (req.url === '/robots.txt') {
      res.writeHead(404).end();
      return;
    }
    if (req.headers['if-none-match'] === etag) {
      statuses.push(304);
      res.writeHead(304, { etag }).end();
      return;
    }
    statuses.push(200);
    res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8', etag }).end(current);
  });
  return Object.assign(server, {
    serve(next: string) {
      current = next;
      version++;
    },
    statuses,
  });
}

/** Resolves once `retailer`'s feed has been imported (the server imports it at start-up). */
export async function waitForFeedImport(server: TestServer, retailer: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!server.db.prepare('SELECT 1 FROM feed_state WHERE retailer = ?').get(retailer)) {
    if (Date.now() > deadline) throw new Error(`the feed of ${retailer} was not imported at start-up`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A demo server that reads the shop Pharmacie X from `feed` alone, once its start-up import is done. */
export async function startServerWithFeedShop(feed: FeedServer, env: Record<string, string> = {}): Promise<TestServer> {
  const server = await startTestServer({
    RETAILERS_MODE: 'demo',
    SEARCH_RATE_LIMIT_PER_MIN: '1000',
    RETAILERS: 'farmaline,pharmacie-x',
    RETAILER_FEEDS: `pharmacie-x=${feed.url}/feed.xml`,
    RETAILER_NAMES: 'pharmacie-x=Pharmacie X',
    ...env,
  });
  await waitForFeedImport(server, 'pharmacie-x');
  return server;
}
