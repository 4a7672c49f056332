import { RetailerError } from '../types';
import { parseRobots, robotsAllow, type RobotsRules } from './robots';

/** The product token robots.txt groups are matched against. */
export const ROBOTS_TOKEN = 'PharmaRadarBot';
/** How long one read of a shop's robots.txt is trusted. */
export const ROBOTS_TTL_MS = 24 * 3600_000;

export interface RobotsCheckDeps {
  /** Off: every path may be fetched (robots.txt is not read). */
  enabled: boolean | undefined;
  now: () => number;
  /** Reads robots.txt: any status is an answer (redirects followed, 403/429 still block). */
  read(url: URL, signal: AbortSignal): Promise<{ status: number; body: string }>;
}

/** Whether robots.txt lets the fetcher read a URL; throws a 'blocked' RetailerError when it does not. */
export function createRobotsCheck(deps: RobotsCheckDeps) {
  const robots = new Map<string, { rules: RobotsRules; until: number }>();
  const robotsReads = new Map<string, Promise<RobotsRules>>();

  /**
   * The rules of url's origin, read once per ROBOTS_TTL_MS (concurrent searches share one read).
   * A 4xx robots.txt means no rules; an unreachable one (5xx, network, timeout) fails the search
   * without fetching the page, and is asked again next time.
   */
  async function robotsRules(url: URL, signal: AbortSignal): Promise<RobotsRules> {
    const known = robots.get(url.origin);
    if (known && known.until > deps.now()) return known.rules;
    let reading = robotsReads.get(url.origin);
    if (!reading) {
      reading = (async () => {
        const page = await deps.read(new URL('/robots.txt', url.origin), signal);
        if (page.status >= 500) throw new RetailerError('error', `robots.txt of ${url.host}: HTTP ${page.status}`);
        const rules = page.status >= 200 && page.status <= 299 ? parseRobots(page.body, ROBOTS_TOKEN) : [];
        robots.set(url.origin, { rules, until: deps.now() + ROBOTS_TTL_MS });
        return rules;
      })();
      robotsReads.set(url.origin, reading);
      void reading.finally(() => robotsReads.delete(url.origin)).catch(() => {});
    }
    return reading;
  }

  async function assertRobotsAllow(url: URL, signal: AbortSignal): Promise<void> {
    if (!deps.enabled) return;
    const rules = await robotsRules(url, signal);
    if (!robotsAllow(rules, url.pathname + url.search)) {
      throw new RetailerError('blocked', `robots.txt of ${url.host} disallows ${url.pathname}`);
    }
  }

  return assertRobotsAllow;
}
