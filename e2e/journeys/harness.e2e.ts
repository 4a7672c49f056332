import { describe, expect, it } from 'vitest';
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
});
