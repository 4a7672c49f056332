// The slow phone (ADR 169): a 390×844 touch screen, 1.6 Mbps down, 750 kbps up, 150 ms round trip
// and the CPU slowed 4×, applied through the DevTools protocol to the page and to its service worker
// (a worker is a target of its own: the page's throttling does not reach its downloads).
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { PHONE } from '../support/harness';
import type { BarePage } from './bare-chromium';

export const SLOW_PHONE = {
  viewport: PHONE,
  downKbps: 1600,
  upKbps: 750,
  rttMs: 150,
  cpuSlowdown: 4,
} as const;

const NETWORK = {
  offline: false,
  latency: SLOW_PHONE.rttMs,
  // Bytes per second.
  downloadThroughput: (SLOW_PHONE.downKbps * 1000) / 8,
  uploadThroughput: (SLOW_PHONE.upKbps * 1000) / 8,
  connectionType: 'cellular4g',
} as const;

/** Throttles `page` before its first navigation; the CPU rate applies to the page's renderer. */
export async function slowDownPage(context: BrowserContext, page: Page): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await throttle((method, params) => cdp.send(method as 'Network.enable', params as never));
  return cdp;
}

/** The phone's network and CPU, through a DevTools session's `send` (Playwright's or a bare one). */
async function throttle(send: (method: string, params?: object) => Promise<unknown>): Promise<void> {
  await send('Network.enable');
  await send('Network.emulateNetworkConditions', NETWORK);
  await send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown });
}

/** The same phone for a page without Playwright (bare-chromium.ts): a French-speaking Belgian's. */
export async function slowDownBarePage(page: BarePage, locale = 'fr-BE'): Promise<void> {
  await page.send('Emulation.setDeviceMetricsOverride', { ...SLOW_PHONE.viewport, deviceScaleFactor: 1, mobile: true });
  await page.send('Emulation.setTouchEmulationEnabled', { enabled: true });
  await page.send('Emulation.setLocaleOverride', { locale });
  await throttle((method, params) => page.send(method, params));
  await page.send('Network.setUserAgentOverride', {
    userAgent: await page.evaluate<string>('navigator.userAgent'),
    acceptLanguage: locale,
  });
}

type TargetInfo = { targetId: string; type: string };

/**
 * Throttles every service worker as soon as it exists, with the same network. Playwright keeps its
 * own session on each worker and offers none to callers, so this one attaches a second,
 * non-flattened session through the browser target. `workers()` counts the workers whose throttling
 * the worker itself confirmed, for the report.
 */
export async function slowDownServiceWorkers(browser: Browser): Promise<{ workers(): number; stop(): Promise<void> }> {
  const cdp = await browser.newBrowserCDPSession();
  let confirmed = 0;
  let lastId = 0;
  const waiting = new Map<number, (ok: boolean) => void>();
  cdp.on('Target.receivedMessageFromTarget', ({ message }) => {
    const answer = JSON.parse(message) as { id?: number; error?: unknown };
    if (answer.id !== undefined) waiting.get(answer.id)?.(answer.error === undefined);
  });
  const send = (sessionId: string, method: string, params: object) => {
    const id = ++lastId;
    const answered = new Promise<boolean>((resolve) => waiting.set(id, resolve));
    void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) });
    return answered;
  };
  const throttle = async (info: TargetInfo) => {
    if (info.type !== 'service_worker') return;
    try {
      const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: info.targetId, flatten: false });
      if (
        (await send(sessionId, 'Network.enable', {})) &&
        (await send(sessionId, 'Network.emulateNetworkConditions', NETWORK))
      )
        confirmed += 1;
    } catch {
      // The worker went away before it could be reached (a context closed): nothing to slow down.
    }
  };
  cdp.on('Target.targetCreated', ({ targetInfo }) => void throttle(targetInfo));
  await cdp.send('Target.setDiscoverTargets', { discover: true });
  return {
    workers: () => confirmed,
    stop: () => cdp.detach(),
  };
}
