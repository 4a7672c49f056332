// robots.txt as RFC 9309 reads it (docs/decisions/135): the group naming our product token, else the
// `*` group; within it the longest matching Allow/Disallow path wins, Allow on a tie; `*` matches any
// run of characters and a final `$` anchors the end. Rules without a group are ignored.

export type RobotsRule = { allow: boolean; pattern: string };
export type RobotsRules = RobotsRule[];

/** The rules that apply to `token` (e.g. "PharmaRadarBot"). */
export function parseRobots(text: string, token: string): RobotsRules {
  const wanted = token.toLowerCase();
  const groups: Array<{ agents: string[]; rules: RobotsRules }> = [];
  let current: { agents: string[]; rules: RobotsRules } | null = null;
  let lastWasAgent = false;
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    const match = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!match) continue;
    const field = match[1]!.toLowerCase();
    const value = match[2]!.trim();
    if (field === 'user-agent') {
      if (!current || !lastWasAgent) groups.push((current = { agents: [], rules: [] }));
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (!current || (field !== 'allow' && field !== 'disallow')) continue;
    if (value === '') continue; // "Disallow:" with no path allows everything
    current.rules.push({ allow: field === 'allow', pattern: value });
  }
  const mine = groups.filter((g) => g.agents.some((a) => a !== '*' && wanted.startsWith(a.split('/')[0]!)));
  const chosen = mine.length ? mine : groups.filter((g) => g.agents.includes('*'));
  return chosen.flatMap((g) => g.rules);
}

/** Whether `pathAndQuery` (e.g. "/fr/search.htm?q=x") may be fetched under `rules`. */
export function robotsAllow(rules: RobotsRules, pathAndQuery: string): boolean {
  let best: RobotsRule | null = null;
  for (const rule of rules) {
    if (!matches(rule.pattern, pathAndQuery)) continue;
    if (
      !best ||
      rule.pattern.length > best.pattern.length ||
      (rule.pattern.length === best.pattern.length && rule.allow)
    )
      best = rule;
  }
  return best === null || best.allow;
}

function matches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const source = body
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}${anchored ? '$' : ''}`).test(path);
}
