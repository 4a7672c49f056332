import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_PACKS } from '@pharmaradar/shared/testing/demo-packs';
import { drawEan13, toY4m } from '@pharmaradar/shared/testing/ean13-image';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { PHONE, waitForServiceWorker } from '../support/harness';
import { useJourney } from '../support/journey';

// Barcode scan (ADR 115): Chromium's fake camera films the EAN-13 of a demo pack; the app
// reads it with the ZXing reader it serves itself (Linux Chromium has no native BarcodeDetector)
// and finds the product, online and then offline from the saved search.

const pack = DEMO_PACKS[0]!;
const video = path.join(mkdtempSync(path.join(tmpdir(), 'pharmaradar-scan-')), 'pack.y4m');
writeFileSync(video, toY4m(drawEan13(pack.ean, { scale: 4, width: 640, height: 480 })));

async function savedSearch(page: Page, key: string): Promise<void> {
  await page.waitForFunction(
    (k) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('pharmaradar');
        open.onsuccess = () => {
          const get = open.result.transaction('searches').objectStore('searches').get(k);
          get.onsuccess = () => resolve(get.result != null);
          get.onerror = () => resolve(false);
        };
        open.onerror = () => resolve(false);
      }),
    key,
  );
}

type TakeoverProbe = Window & { __takeoverDrawing?: () => void; __downOnDrawnPage?: boolean; __dialogsOpened?: number };

/** What the journey does once the app starts drawing over the drawn page (set by the test). */
let takeoverStarted: () => Promise<void> = async () => undefined;

/**
 * Holds the page for a moment when the app starts drawing over the drawn page (its
 * `pharmaradar:start:render` mark) and tells the journey, so a real pointer press lands on the drawn
 * page while the app's page is still being drawn; notes whether it did land there.
 */
async function tapAsTheAppTakesOver(page: Page): Promise<void> {
  await page.exposeBinding('__takeoverDrawing', () => void takeoverStarted());
  await page.addInitScript(() => {
    const probe = window as TakeoverProbe;
    const mark = performance.mark.bind(performance);
    performance.mark = (name: string, options?: PerformanceMarkOptions) => {
      const entry = mark(name, options);
      if (name === 'pharmaradar:start:render') {
        probe.__takeoverDrawing?.();
        // Long enough for the press to arrive: it is handled before the app's next slice of drawing.
        const until = performance.now() + 400;
        while (performance.now() < until);
      }
      return entry;
    };
    // How many times the scanner opened: a tap made twice would open it twice.
    probe.__dialogsOpened = 0;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (
            node instanceof Element &&
            (node.matches('[data-testid="scan-dialog"]') || node.querySelector('[data-testid="scan-dialog"]'))
          )
            probe.__dialogsOpened = (probe.__dialogsOpened ?? 0) + 1;
    }).observe(document, { childList: true, subtree: true });
    addEventListener(
      'pointerdown',
      () => (probe.__downOnDrawnPage = document.getElementById('root')?.hasAttribute('data-first-screen')),
      { capture: true },
    );
  });
}

describe('barcode scan', () => {
  const journey = useJourney({
    browserArgs: [
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });

  it('films a pack, finds its product, never leaves the origin, and scans it again offline', async () => {
    const { page, context, pageErrors } = await journey.open({ viewport: PHONE, locale: 'en-GB' });
    await context.grantPermissions(['camera'], { origin: journey.url('/') });
    const elsewhere: string[] = [];
    const wasm: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.hostname !== '127.0.0.1' && url.protocol !== 'data:' && url.protocol !== 'blob:')
        elsewhere.push(url.href);
      if (url.pathname.endsWith('.wasm')) wasm.push(url.pathname);
    });
    await tapAsTheAppTakesOver(page);
    await page.goto(journey.url('/en'));
    await waitForServiceWorker(page);

    // One tap, at the worst moment: the finger goes down on the drawn scan button while the app draws
    // its page and comes up after the app's page replaced it (ADR 182). It opens the scanner, once.
    const scanButton = page.getByRole('button', { name: 'Scan a pack’s barcode' });
    const box = (await scanButton.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const downDuringTakeover = new Promise<void>((resolve) => {
      takeoverStarted = async () => {
        await page.mouse.down();
        resolve();
      };
    });
    await page.keyboard.press('Shift'); // a key outside the search form starts the app at once (ADR 120)
    await downDuringTakeover;
    await page.locator('#root:not([data-first-screen])').waitFor({ state: 'attached' });
    expect(await page.evaluate(() => (window as TakeoverProbe).__downOnDrawnPage)).toBe(true);
    await page.mouse.up();
    // The fake camera films the pack at once: the scanner may have opened and closed on its find before
    // a poll from here sees it, so its opening is counted inside the page.
    await page.waitForURL((url) => url.searchParams.get('q') === pack.ean, { timeout: 30_000 });
    await page.locator('[data-testid="search-stage"][data-stage="complete"]').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('scan-dialog').count()).toBe(0);
    expect(await page.evaluate(() => (window as TakeoverProbe).__dialogsOpened)).toBe(1);

    // The scanner itself, opened on the app's page by a plain tap, finds the pack again.
    await scanButton.click();
    await page.getByTestId('scan-dialog').waitFor();
    await expectNoSeriousA11yViolations(page, 'scan dialog');
    await page.getByTestId('scan-dialog').waitFor({ state: 'detached', timeout: 30_000 });
    await page.locator('[data-testid="search-stage"][data-stage="complete"]').waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as TakeoverProbe).__dialogsOpened)).toBe(2);
    expect(await page.getByTestId('search-input').inputValue()).toBe(pack.ean);
    const cards = page.getByTestId('product-card');
    expect(await cards.count()).toBe(1);
    // Its product, named as the official catalogue names it for an English reader (ADR 189).
    expect(await cards.first().getAttribute('data-cnk')).toBe(pack.cnk);
    expect(await cards.first().locator('h3').textContent()).toBe('Dafalgan 500 mg 30 tablets');
    expect(wasm.length).toBeGreaterThan(0);
    expect(wasm.every((p) => /^\/assets\/zxing_reader-[\w-]+\.wasm$/.test(p))).toBe(true);
    expect(elsewhere).toEqual([]);

    // Offline: the product already searched is found again by scanning it.
    await savedSearch(page, `en|ean:${pack.ean}`);
    await page.goto(journey.url('/en'));
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Scan a pack’s barcode' }).click();
    await page.locator('[data-testid="cached-notice"][data-saved="true"]').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('product-card').first().getAttribute('data-cnk')).toBe(pack.cnk);
    await context.setOffline(false);
    expect(pageErrors).toEqual([]);
  });

  it('without a reader it says so, and "Type the CNK" puts the cursor in the search field', async () => {
    const { page, context } = await journey.open({ locale: 'fr-BE' });
    await context.grantPermissions(['camera'], { origin: journey.url('/') });
    // A browser that refuses WebAssembly: the reader cannot start, the camera alone reads nothing.
    await page.addInitScript(() => {
      const refuse = () => Promise.reject(new Error('WebAssembly disabled'));
      Object.assign(WebAssembly, {
        instantiate: refuse,
        instantiateStreaming: refuse,
        compile: refuse,
        compileStreaming: refuse,
      });
    });
    await page.goto(journey.url('/'));
    await page.getByRole('button', { name: 'Scanner le code-barres d’une boîte' }).click();
    await page.locator('[data-testid="scan-status"][data-state="unsupported"]').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('scan-dialog').textContent()).toContain('Le code-barres CNK belge');
    await page.getByTestId('scan-type-cnk').click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'search-input');
    expect(await page.getByTestId('scan-dialog').count()).toBe(0);
  });
});
