import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const BLOCKING = new Set(['serious', 'critical']);

/**
 * Runs axe (its default rule set: WCAG 2.x A/AA and best practices) on the page as it is now and fails
 * on any serious or critical violation, listing each one with the elements it found. Finite CSS
 * animations (fades, the splash) are let finish first: a half-faded text is no contrast failure.
 * The page must come from `browser.newContext()` (harness `newPage` does), as @axe-core/playwright needs.
 */
export async function expectNoSeriousA11yViolations(page: Page, label?: string): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // Only violations are read: leaving out the passes and incomplete lists makes a run markedly cheaper.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  const blocking = results.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`),
    }));
  expect(blocking, `axe on ${label ?? page.url()}`).toEqual([]);
}
