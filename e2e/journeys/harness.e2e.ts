import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, startApp, type AppHandle } from '../support/harness';

// Smoke journey for the harness itself: the real server answers and Chromium renders the built app.
describe('harness', () => {
  let app: AppHandle;
  let browser: Browser;
  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('serves the health endpoint and the app shell', async () => {
    const health = await fetch(`${app.url}/api/health`);
    expect(health.status).toBe(200);
    const { page, context, pageErrors } = await newPage(browser);
    await page.goto(`${app.url}/about`);
    await page.locator('h1').first().waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
