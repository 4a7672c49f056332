import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/a11y';
import { useJourney } from '../support/journey';

// Smoke journey for the harness itself: the real server answers and Chromium renders the built app.
describe('harness', () => {
  const journey = useJourney();

  it('serves the health endpoint and the app shell', async () => {
    const health = await fetch(journey.url('/api/health'));
    expect(health.status).toBe(200);
    const { page, context, pageErrors } = await journey.open();
    await page.goto(journey.url('/about'));
    await page.locator('h1').first().waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  // On a page without frames the axe check runs axe.run in the page itself (support/a11y.ts): it must
  // still find what is wrong, with the element it is on.
  it('axe finds a serious violation on a page without frames', async () => {
    const { page, context } = await journey.open();
    await page.goto(journey.url('/about'));
    await page.locator('h1').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.locator('main').evaluate((main) => main.insertAdjacentHTML('beforeend', '<img src="/favicon.svg">'));
    expect(page.frames()).toHaveLength(1);
    expect(await seriousA11yViolations(page)).toMatchObject([
      { rule: 'image-alt', impact: 'critical', nodes: [expect.stringMatching(/^img: .*alt attribute/)] },
    ]);
    await context.close();
  });
});
