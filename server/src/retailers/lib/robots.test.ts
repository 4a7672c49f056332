import { afterEach, describe, expect, it } from 'vitest';
import { startLoopbackServer, type LoopbackServer } from '../../../test/fakes/http-server';
import { createConnectors } from '../registry';
import { RetailerError } from '../types';
import { userAgentFor } from './polite-fetch';
import { parseRobots, robotsAllow } from './robots';

describe('robots.txt rules', () => {
  const text = `# shop
User-agent: *
Disallow: /checkout
Disallow: /*?*sort=
Allow: /checkout/help$

User-agent: Googlebot
User-agent: PharmaRadarBot
Disallow: /fr/search.htm
Allow: /fr/search.htm?q=public
`;
  it('our group wins over *, the longest path wins, Allow wins a tie, * and $ patterns', () => {
    const ours = parseRobots(text, 'PharmaRadarBot');
    expect(robotsAllow(ours, '/fr/search.htm?q=dafalgan')).toBe(false);
    expect(robotsAllow(ours, '/fr/search.htm?q=public')).toBe(true);
    // the * group does not apply once a group names us
    expect(robotsAllow(ours, '/checkout')).toBe(true);
    const others = parseRobots(text, 'OtherBot');
    expect(robotsAllow(others, '/checkout/cart')).toBe(false);
    expect(robotsAllow(others, '/checkout/help')).toBe(true);
    expect(robotsAllow(others, '/checkout/help/more')).toBe(false);
    expect(robotsAllow(others, '/fr/list?page=2&sort=price')).toBe(false);
    expect(robotsAllow(others, '/fr/search.htm?q=x')).toBe(true);
    expect(robotsAllow(parseRobots('User-agent: *\nDisallow:\n', 'PharmaRadarBot'), '/any')).toBe(true);
  });

  it('a group names our whole product token (a prefix of it is another robot); paths compare percent-encoded', () => {
    const text = `User-agent: PharmaRadar
Disallow: /

User-agent: pharmaradarbot/2.0
Disallow: /fr/caf%c3%a9
Disallow: /nl/ツ
`;
    const ours = parseRobots(text, 'PharmaRadarBot');
    expect(robotsAllow(ours, '/fr/search.htm')).toBe(true);
    // URL paths arrive percent-encoded (URL.pathname): the hex case and a raw UTF-8 rule still match.
    expect(robotsAllow(ours, '/fr/caf%C3%A9')).toBe(false);
    expect(robotsAllow(ours, '/nl/%E3%83%84')).toBe(false);
    expect(robotsAllow(parseRobots(text, 'PharmaRadar'), '/fr/search.htm')).toBe(false);
  });
});

describe('connectors and a shop robots.txt (loopback shop)', () => {
  let shop: LoopbackServer | undefined;
  afterEach(() => shop?.close());

  const farmaline = (url: string) =>
    createConnectors({
      ids: ['farmaline'],
      baseUrls: { farmaline: url },
      timeoutMs: 2000,
      allowPrivateHosts: true,
      userAgent: userAgentFor('https://pharmaradar.example/'),
    })[0]!;
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => error as RetailerError,
    );

  it('a disallowed search is reported blocked with the reason and never fetched; robots.txt read once', async () => {
    shop = await startLoopbackServer((req, res) => {
      if (req.url === '/robots.txt') {
        res
          .writeHead(200, { 'content-type': 'text/plain' })
          .end('User-agent: PharmaRadarBot\nDisallow: /fr/search.htm\n');
      } else res.writeHead(200, { 'content-type': 'text/html' }).end('<main data-qa-id="search-no-results"></main>');
    });
    const connector = farmaline(shop.url);
    const signal = new AbortController().signal;
    for (const value of ['dafalgan', 'nurofen']) {
      const error = await failure(connector.search({ kind: 'name', value }, signal));
      expect(error).toBeInstanceOf(RetailerError);
      expect(error!.kind).toBe('blocked');
      expect(error!.message).toMatch(/robots\.txt of 127\.0\.0\.1:\d+ disallows \/fr\/search\.htm/);
    }
    expect(shop.requests.map((r) => r.url)).toEqual(['/robots.txt']);
    // The User-Agent names the product and the contact page on the public site.
    expect(shop.requests[0]!.headers['user-agent']).toBe('PharmaRadarBot/1.0 (+https://pharmaradar.example/contact)');
  });

  it('an allowed search goes through; a missing robots.txt (404) means no rules', async () => {
    shop = await startLoopbackServer((req, res) => {
      if (req.url === '/robots.txt') res.writeHead(404).end();
      else res.writeHead(200, { 'content-type': 'text/html' }).end('<main data-qa-id="search-no-results"></main>');
    });
    const connector = farmaline(shop.url);
    expect(await connector.search({ kind: 'name', value: 'dafalgan' }, new AbortController().signal)).toEqual([]);
    expect(await connector.search({ kind: 'name', value: 'nurofen' }, new AbortController().signal)).toEqual([]);
    expect(shop.requests.map((r) => r.url?.split('?')[0])).toEqual(['/robots.txt', '/fr/search.htm', '/fr/search.htm']);
  });

  it('a robots.txt that answers 5xx stops the search without fetching the page (asked again next time)', async () => {
    shop = await startLoopbackServer((req, res) => {
      if (req.url === '/robots.txt') res.writeHead(503).end();
      else res.writeHead(200).end('<main data-qa-id="search-no-results"></main>');
    });
    const connector = farmaline(shop.url);
    const error = await failure(connector.search({ kind: 'name', value: 'dafalgan' }, new AbortController().signal));
    expect(error!.kind).toBe('error');
    expect(shop.requests.map((r) => r.url)).toEqual(['/robots.txt']);
  });
});
