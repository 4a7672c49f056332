/** Shop names as the shops write them; an id we do not know yet is shown as is. */
const RETAILER_NAMES: Record<string, string> = {
  farmaline: 'Farmaline',
  medimarket: 'Medi-Market',
  multipharma: 'Multipharma',
  newpharma: 'Newpharma',
};

export function retailerName(id: string): string {
  return RETAILER_NAMES[id] ?? id;
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
