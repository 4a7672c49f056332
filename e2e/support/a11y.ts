import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const BLOCKING = new Set(['serious', 'critical']);

/** A serious or critical axe violation, with the elements it was found on. */
export interface A11yViolation {
  rule: string;
  impact: string | null | undefined;
  help: string;
  nodes: string[];
}

/**
 * Runs axe (its default rule set: WCAG 2.x A/AA and best practices) on the page as it is now and returns
 * every serious or critical violation, each with the elements it found. Finite CSS animations (fades,
 * the splash) are let finish first: a half-faded text is no contrast failure. The page must come from
 * `browser.newContext()` (harness `newPage` does), as @axe-core/playwright needs.
 */
export async function seriousA11yViolations(page: Page): Promise<A11yViolation[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // Only violations are read: leaving out the passes and incomplete lists makes a run markedly cheaper.
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  // A page without frames is checked by axe.run in the page itself: the default mode runs each frame
  // apart and merges the parts in a new blank page, which is only needed to reach into frames of other
  // origins, and costs about twice the time. Same rules, same findings (measured on app pages with planted
  // violations; harness.e2e.ts checks that this way still finds one).
  if (page.frames().length === 1) builder.setLegacyMode(true);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`),
    }));
}

/** Fails on any serious or critical axe violation on the page as it is now (see seriousA11yViolations). */
export async function expectNoSeriousA11yViolations(page: Page, label?: string): Promise<void> {
  expect(await seriousA11yViolations(page), `axe on ${label ?? page.url()}`).toEqual([]);
}
