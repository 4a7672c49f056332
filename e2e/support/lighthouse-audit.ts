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
}

/** The bar of issue 8: mobile defaults, performance >= 0.90 and accessibility 1.00. */
export const BAR = { performance: 0.9, accessibility: 1 } as const;

export function meetsBar(scores: PageScores): boolean {
  return scores.performance >= BAR.performance && scores.accessibility >= BAR.accessibility;
}

/**
 * Lighthouse with its defaults (mobile form factor, simulated slow 4G and CPU throttling) on each
 * URL, one fresh Chromium per run. Only loopback URLs are given: nothing leaves the machine.
 */
export async function auditPages(urls: string[]): Promise<PageScores[]> {
  const results: PageScores[] = [];
  for (const url of urls) {
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
      const { categories, audits } = run.lhr;
      const failures = Object.values(audits)
        .filter(
          (a) => a.score !== null && a.score < 1 && categories.accessibility?.auditRefs.some((r) => r.id === a.id),
        )
        .map((a) => {
          const items =
            (a.details as { items?: Array<{ node?: { snippet?: string; explanation?: string } }> })?.items ?? [];
          const nodes = items
            .slice(0, 6)
            .map((i) => `\n      ${i.node?.snippet ?? ''} ${i.node?.explanation?.split('\n')[0] ?? ''}`);
          return `${a.id}: ${a.title}${nodes.join('')}`;
        });
      const metric = (id: string) => audits[id]?.displayValue ?? '?';
      results.push({
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
      });
    } finally {
      chrome.kill();
    }
  }
  return results;
}
