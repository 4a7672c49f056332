import robotsParser from 'robots-parser';

// robots.txt as RFC 9309 reads it (docs/decisions/135), read by robots-parser: the group naming our
// product token (case-insensitive), else the `*` group; within it the longest matching Allow/Disallow
// path wins, Allow on a tie; `*` matches any run of characters and a final `$` anchors the end.

/**
 * robots-parser answers for absolute URLs of the robots.txt's own origin. The caller keeps one reading
 * per origin and asks about paths, so any fixed origin will do.
 */
const ORIGIN = 'http://robots.invalid';

/** One robots.txt as read for one product token; an empty list is "no robots.txt, no rules". */
export type RobotsRules = ReadonlyArray<{ allows(pathAndQuery: string): boolean }>;

/** The rules that apply to `token` (e.g. "PharmaRadarBot"). */
export function parseRobots(text: string, token: string): RobotsRules {
  const robots = robotsParser(`${ORIGIN}/robots.txt`, text);
  // isAllowed is undefined only for a URL of another origin, which ORIGIN rules out.
  return [{ allows: (pathAndQuery) => robots.isAllowed(`${ORIGIN}${pathAndQuery}`, token) !== false }];
}

/** Whether `pathAndQuery` (e.g. "/fr/search.htm?q=x") may be fetched under `rules`. */
export function robotsAllow(rules: RobotsRules, pathAndQuery: string): boolean {
  return rules.every((file) => file.allows(pathAndQuery));
}
