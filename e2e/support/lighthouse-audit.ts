import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROME = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface PageScores {
  url: string;
  performance: number;
  accessibility: number;
  /** Failing accessibility audits and the metrics behind the performance score, to act on. */
  failures: string[];
  metrics: Record<string, string>;
  /** Cumulative layout shift as a number (does not depend on CPU speed, unlike the timings). */
  cls: number;
  /** What moved, biggest shifts first (snippet and score), to act on a CLS over the bar. */
  shifts: string[];
  /** The largest contentful paint element's snippet (the splash must never be it). */
  lcpElement: string | null;
}

type NodeItem = { node?: { snippet?: string; selector?: string }; score?: number };

const searchJson = async (appUrl: string, q: string) => {
  const response = await fetch(`${appUrl}/api/search?q=${encodeURIComponent(q)}`, {
    headers: { Accept: 'application/json' },
  });
  return (await response.json()) as { products: Array<{ slug: string | null; cnk: string | null }> };
};

/**
 * A product landing page of the demo app: a product has one once a search has seen it. `prices`:
 * 'cached', its CNK was searched a moment ago, so the server draws the page with every shop's price;
 * 'cold', nobody asked for them, so the page is drawn as a comparison under way and completed in
 * place (ADR 121).
 */
export async function productLandingUrl(appUrl: string, prices: 'cached' | 'cold' = 'cold'): Promise<string> {
  const found = (await searchJson(appUrl, 'dafalgan')).products.filter((p) => p.slug && p.cnk);
  // Two different products, so a cold page's CNK is not the one a cached page's search warmed.
  const product = prices === 'cached' ? found[0] : found[1];
  if (!product) throw new Error('the demo search found too few products with a landing page');
  if (prices === 'cached') await searchJson(appUrl, product.cnk!);
  return `${appUrl}/${product.slug}`;
}

/** The bar: mobile defaults, performance >= 0.90 and accessibility 1.00. */
export const BAR = { performance: 0.9, accessibility: 1 } as const;

export function meetsBar(scores: PageScores): boolean {
  return scores.performance >= BAR.performance && scores.accessibility >= BAR.accessibility;
}

/**
 * Lighthouse with its defaults (mobile form factor, simulated slow 4G and CPU throttling) on each
 * URL, one fresh Chromium per run. Only loopback URLs are given: nothing leaves the machine. A run
 * that Lighthouse itself could not complete (a runtime error, or a metric audit that errored: seen
 * once as a CLS of NaN on a loaded CI machine) is run again, twice at most; its error is kept in
 * `failures` when every attempt fails, so the test says why.
 */
export async function auditPages(urls: string[]): Promise<PageScores[]> {
  const results: PageScores[] = [];
  for (const url of urls) {
    let attempt = await auditPage(url);
    for (let retry = 0; attempt.incomplete && retry < 2; retry += 1) attempt = await auditPage(url);
    const { incomplete, scores } = attempt;
    results.push(incomplete ? { ...scores, failures: [...scores.failures, incomplete] } : scores);
  }
  return results;
}

async function auditPage(url: string): Promise<{ scores: PageScores; incomplete: string | null }> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const run = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!run) throw new Error(`Lighthouse gave no result for ${url}`);
    const { categories, audits, runtimeError } = run.lhr;
    const failures = Object.values(audits)
      .filter((a) => a.score !== null && a.score < 1 && categories.accessibility?.auditRefs.some((r) => r.id === a.id))
      .map((a) => {
        const items =
          (a.details as { items?: Array<{ node?: { snippet?: string; explanation?: string } }> })?.items ?? [];
        const nodes = items
          .slice(0, 6)
          .map((i) => `\n      ${i.node?.snippet ?? ''} ${i.node?.explanation?.split('\n')[0] ?? ''}`);
        return `${a.id}: ${a.title}${nodes.join('')}`;
      });
    const metric = (id: string) => audits[id]?.displayValue ?? '?';
    const items = (id: string) => (audits[id]?.details as { items?: NodeItem[] } | undefined)?.items ?? [];
    // The LCP element audit nests its node in a table of one row.
    const lcpItems = items('largest-contentful-paint-element') as Array<NodeItem & { items?: NodeItem[] }>;
    const lcpNode = lcpItems[0]?.node ?? lcpItems[0]?.items?.[0]?.node;
    const clsAudit = audits['cumulative-layout-shift'];
    const incomplete = runtimeError
      ? `Lighthouse runtime error on ${url}: ${runtimeError.code} ${runtimeError.message}`
      : typeof clsAudit?.numericValue !== 'number'
        ? `Lighthouse could not measure CLS on ${url}: ${clsAudit?.errorMessage ?? 'no value'}`
        : null;
    const scores: PageScores = {
      url,
      performance: categories.performance?.score ?? 0,
      accessibility: categories.accessibility?.score ?? 0,
      failures,
      metrics: {
        FCP: metric('first-contentful-paint'),
        LCP: metric('largest-contentful-paint'),
        TBT: metric('total-blocking-time'),
        CLS: metric('cumulative-layout-shift'),
        SI: metric('speed-index'),
      },
      cls: clsAudit?.numericValue ?? Number.NaN,
      shifts: items('layout-shifts')
        .slice(0, 6)
        .map((i) => `${(i.score ?? 0).toFixed(3)} ${i.node?.selector ?? ''} ${i.node?.snippet ?? ''}`),
      lcpElement: lcpNode ? `${lcpNode.selector ?? ''} ${lcpNode.snippet ?? ''}` : null,
    };
    return { scores, incomplete };
  } finally {
    chrome.kill();
  }
}
