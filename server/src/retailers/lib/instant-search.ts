import { asArray, isObject } from './json-ld';

// Redcare storefronts (Farmaline) server-render Algolia InstantSearch and embed the raw answer as
// window[Symbol.for("InstantSearchInitialResults")] = { "<indexName>": { results: [{ hits, nbHits }] } }.
// The index name varies by locale, so the first key is taken (docs/decisions/133).
const INSTANT_SEARCH = /window\[\s*Symbol\.for\(\s*["']InstantSearchInitialResults["']\s*\)\s*\]\s*=\s*/;

/** The hits of the embedded InstantSearch answer; null when there is none or it is unreadable. */
export function instantSearchHits(scripts: string[]): unknown[] | null {
  for (const script of scripts) {
    const match = INSTANT_SEARCH.exec(script);
    if (!match) continue;
    const json = balancedObject(script, match.index + match[0].length);
    if (!json) return null;
    let data: unknown;
    try {
      data = JSON.parse(json);
    } catch {
      return null;
    }
    if (!isObject(data)) return null;
    const first = Object.values(data)[0];
    const results = isObject(first) ? asArray(first.results) : [];
    const hits = isObject(results[0]) ? results[0].hits : undefined;
    return Array.isArray(hits) ? hits : null;
  }
  return null;
}

/** The JSON object literal starting at `from` (string-aware brace matching). */
function balancedObject(source: string, from: number): string | null {
  if (source[from] !== '{') return null;
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = from; i < source.length; i++) {
    const ch = source[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return source.slice(from, i + 1);
  }
  return null;
}
