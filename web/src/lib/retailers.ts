import { readStored, writeStored } from './web-storage';

/** Shop names as the shops write them; an id we do not know yet is shown as is. */
const RETAILER_NAMES: Record<string, string> = {
  farmaline: 'Farmaline',
  medimarket: 'Medi-Market',
  multipharma: 'Multipharma',
  newpharma: 'Newpharma',
};

const LEARNED_KEY = 'pharmaradar.retailerNames';
/**
 * Names the server gave (search answers, the basket's shops list): a shop read only from its feed
 * is configured on the server, so the web learns its name there (ADR 179). Kept in localStorage so
 * the basket, the history and saved answers name it offline too.
 */
let learnedNames: Map<string, string> | undefined;

/** Read on first use, not at import: the server imports this module to draw the first screen. */
function learned(): Map<string, string> {
  learnedNames ??= new Map(readLearned());
  return learnedNames;
}

function readLearned(): Array<[string, string]> {
  try {
    const raw: unknown = JSON.parse(readStored(LEARNED_KEY) ?? '{}');
    if (!raw || typeof raw !== 'object') return [];
    return Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === 'string');
  } catch {
    return [];
  }
}

/** Remembers the display names a server answer carries (entries without a name are skipped). */
export function rememberRetailerNames(shops: ReadonlyArray<{ id: string; name?: string | undefined }>): void {
  const names = learned();
  let changed = false;
  for (const { id, name } of shops) {
    if (!name || names.get(id) === name) continue;
    names.set(id, name);
    changed = true;
  }
  // Private mode or a full quota: the names still hold for this visit.
  if (changed) writeStored(LEARNED_KEY, JSON.stringify(Object.fromEntries(names)));
}

export function retailerName(id: string): string {
  return learned().get(id) ?? RETAILER_NAMES[id] ?? id;
}

/**
 * The badge drawn for a shop the web has no logo of (none yet): two initials, a hue fixed by its id,
 * one of twelve (30° apart) so the stylesheet can hold them: the CSP refuses style attributes.
 */
export function retailerBadge(id: string): { initials: string; hue: number } {
  const words = retailerName(id)
    .split(/[\s-]+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w));
  const initials = (words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : (words[0] ?? id).slice(0, 2)).toUpperCase();
  let hash = 0;
  for (const ch of id) hash = (hash * 31 + ch.charCodeAt(0)) % 360;
  return { initials, hue: (hash % 12) * 30 };
}

/**
 * The name as printed on screen: its hyphens are non-breaking (U+2011), so a narrow column never shows
 * "Medi-" above "Market". Accessible names keep `retailerName` (a plain hyphen reads better).
 */
export function retailerLabel(id: string): string {
  return retailerName(id).replace(/-/g, '\u2011');
}

/** Stands for the page's own origin where there is no page: a name that can never be a real host. */
const SERVER_BASE = 'http://drawn-page.invalid/';
const SERVER_ORIGIN = new URL(SERVER_BASE).origin;

/**
 * Only http(s) links from a retailer page are ever rendered: a scraped `javascript:` or `data:` URL
 * would otherwise run in our origin when clicked. A path (the demo shops are served by our own
 * server under /__demo/) is resolved against the page's own address.
 */
export function safeHttpUrl(url: string | null | undefined): string | null {
  if (!url?.trim()) return null;
  try {
    // On the server (a drawn page, ADR 119) a path stays a path: the browser resolves it on the page.
    const base = typeof window === 'undefined' ? SERVER_BASE : window.location.href;
    const parsed = new URL(url.trim(), base);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
    return parsed.origin === SERVER_ORIGIN ? `${parsed.pathname}${parsed.search}${parsed.hash}` : parsed.href;
  } catch {
    return null;
  }
}
