import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BRAND_NAME, BRAND_SHORT_NAME, THEME_COLOR } from '@pharmaradar/shared/brand';
import { LOCALES } from '@pharmaradar/shared/locales';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import {
  DESKTOP,
  PHONE,
  ROOT,
  screenshot,
  waitForApp,
  waitForSavedSearch,
  waitForServiceWorker,
} from '../support/harness';
import { useJourney } from '../support/journey';

interface ManifestIcon {
  src: string;
  sizes: string;
  type?: string;
  purpose?: string;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Width and height from a PNG's IHDR chunk (always the first chunk, right after the signature). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  expect(bytes.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const OFFLINE_BANNER = {
  fr: 'Connexion internet perdue',
  en: 'Internet connection lost. Some features may not work.',
  nl: 'Internetverbinding verbroken. Sommige functies werken mogelijk niet.',
} as const;

// Foundation journeys: language routing, navbar at desktop and phone widths, splash, offline shell.
describe('app shell', () => {
  const journey = useJourney();

  describe('language routing', () => {
    for (const [browserLocale, expectedPath, lang] of [
      ['nl-BE', '/nl', 'nl'],
      ['en-GB', '/en', 'en'],
      ['fr-BE', '/', 'fr'],
      ['de-DE', '/', 'fr'],
    ] as const) {
      it(`a first visit of / with a ${browserLocale} browser lands on ${expectedPath}`, async () => {
        const { page, context } = await journey.open({ locale: browserLocale });
        await page.goto(journey.url('/'));
        await page.waitForFunction((p) => location.pathname === p, expectedPath);
        await page.waitForFunction((l) => document.documentElement.lang === l, lang);
        expect(await page.evaluate(() => sessionStorage.getItem('langBooted'))).toBeTruthy();
        await context.close();
      });
    }

    it('the redirect happens once a session: coming back to / later stays French', async () => {
      const { page, context } = await journey.open({ locale: 'nl-BE' });
      await page.goto(journey.url('/'));
      await page.waitForFunction(() => location.pathname === '/nl');
      await page.goto(journey.url('/'));
      await page.waitForFunction(() => document.documentElement.lang === 'fr');
      expect(new URL(page.url()).pathname).toBe('/');
      await context.close();
    });

    it('the path prefix decides the language of every page', async () => {
      const { page, context, pageErrors } = await journey.open();
      const titles: Record<string, string> = {};
      for (const [path, lang] of [
        ['/about', 'fr'],
        ['/en/about', 'en'],
        ['/nl/about', 'nl'],
        ['/fr/about', 'fr'],
      ] as const) {
        await page.goto(journey.url(path));
        await page.waitForFunction((l) => document.documentElement.lang === l, lang);
        titles[path] = (await page.locator('h1').first().textContent()) ?? '';
      }
      expect(titles['/en/about']).not.toBe(titles['/nl/about']);
      expect(titles['/about']).toBe(titles['/fr/about']);
      expect(pageErrors).toEqual([]);
      await context.close();
    });

    it('unknown language wrappers and unknown paths go to /404', async () => {
      const { page, context } = await journey.open();
      for (const path of ['/de/about', '/xx/anything', '/wp-login.php', '/en/de/x']) {
        await page.goto(journey.url(path));
        await page.waitForFunction(() => location.pathname.endsWith('/404'));
      }
      await page.locator('h1').first().waitFor();
      await expectNoSeriousA11yViolations(page, 'not-found page');
      await context.close();
    });

    it('under a prefix the plans page is /{lang}/pro and /{lang}/offers redirects there', async () => {
      const { page, context } = await journey.open();
      await page.goto(journey.url('/en/offers'));
      await page.waitForFunction(() => location.pathname === '/en/pro');
      await page.locator('h1').first().waitFor();
      await expectNoSeriousA11yViolations(page, 'plans page');
      await context.close();
    });

    it('the language menu switches the same page to another language', async () => {
      const { page, context } = await journey.open();
      await page.goto(journey.url('/about'));
      await page.locator('h1').first().waitFor();
      await page.getByTestId('lang-select').first().selectOption('en');
      await page.waitForFunction(() => location.pathname === '/en/about' && document.documentElement.lang === 'en');
      await context.close();
    });
  });

  describe('navbar and footer', () => {
    it('at desktop width shows the links, no burger, and condenses after scrolling', async () => {
      const { page, context } = await journey.open({ viewport: DESKTOP });
      await page.goto(journey.url('/privacy'));
      const navbar = page.getByTestId('navbar');
      await navbar.waitFor();
      expect(await page.getByTestId('burger').isVisible()).toBe(false);
      expect(
        await navbar
          .getByRole('link', { name: /propos/i })
          .first()
          .isVisible(),
      ).toBe(true);
      // The login link appears once the session check has finished (nothing account-related renders before).
      await page.getByTestId('nav-login').first().waitFor({ state: 'visible' });
      expect(await navbar.getAttribute('class')).not.toContain('navbar--condensed');
      await page.mouse.wheel(0, 600);
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="navbar"]')?.classList.contains('navbar--condensed'),
      );
      const footer = page.getByTestId('footer');
      expect(await footer.textContent()).toContain(String(new Date().getFullYear()));
      expect(await page.getByTestId('footer-company').textContent()).toMatch(/BE ?0\d{3}\.\d{3}\.\d{3}/);
      await context.close();
    });

    it('condensing just past the 8 px threshold does not move the page (no flicker loop)', async () => {
      const { page, context } = await journey.open({ viewport: DESKTOP });
      await page.goto(journey.url('/login'));
      await page.getByTestId('navbar').waitFor();
      await page.evaluate(() => window.scrollTo(0, 10));
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="navbar"]')?.classList.contains('navbar--condensed'),
      );
      // Let the condense transition finish, then the scroll position must hold still frame after frame.
      await page.waitForTimeout(600);
      const positions = await page.evaluate(async () => {
        const seen: number[] = [];
        for (let i = 0; i < 20; i++) {
          seen.push(window.scrollY);
          await new Promise((done) => requestAnimationFrame(() => done(null)));
        }
        return seen;
      });
      expect(new Set(positions)).toEqual(new Set([10]));
      await context.close();
    });

    it('at phone width collapses into a burger drawer that closes on Escape, outside click and navigation', async () => {
      const { page, context } = await journey.open({ viewport: PHONE });
      await page.goto(journey.url('/faq'));
      const burger = page.getByTestId('burger');
      await burger.waitFor();
      // The one-time hint shows, then disappears (1.8 s) and is remembered.
      await page.getByTestId('burger-hint').waitFor();
      await page.getByTestId('burger-hint').waitFor({ state: 'detached', timeout: 5000 });
      expect(await page.evaluate(() => localStorage.getItem('pe_menu_hint_seen'))).toBeTruthy();

      await burger.click();
      await page.getByTestId('drawer').waitFor({ state: 'visible' });
      await expectNoSeriousA11yViolations(page, 'open drawer');
      await page.keyboard.press('Escape');
      await page.getByTestId('drawer').waitFor({ state: 'hidden' });

      await burger.click();
      await page.getByTestId('drawer').waitFor({ state: 'visible' });
      await page.mouse.click(5, PHONE.height - 5);
      await page.getByTestId('drawer').waitFor({ state: 'hidden' });

      await burger.click();
      await page
        .getByTestId('drawer')
        .getByRole('link', { name: /propos/i })
        .first()
        .click();
      await page.waitForFunction(() => location.pathname === '/about');
      await page.getByTestId('drawer').waitFor({ state: 'hidden' });

      await page.reload();
      await burger.waitFor();
      await page.waitForTimeout(500);
      expect(await page.getByTestId('burger-hint').count()).toBe(0);
      await context.close();
    });
  });

  describe('no horizontal overflow', () => {
    // Tablet landscape (1024-1279 px) used to push the page to 1178 px in French; phones and large
    // screens are checked too. A phone's layout viewport grows with its content, hence the fixed width.
    const UPGRADE = {
      fr: 'Passez au Niveau Supérieur',
      en: 'Step Up to the Next Level',
      nl: 'Ga naar het Volgende Niveau',
    };
    for (const width of [320, 1024, 1180, 1440]) {
      it(`at ${width} px, /login and /about fit the screen in fr, en and nl`, async () => {
        const { page, context } = await journey.open({ viewport: { width, height: 768 } });
        for (const locale of LOCALES) {
          for (const path of ['/login', '/about']) {
            const url = `${journey.app.url}${locale === 'fr' ? '' : `/${locale}`}${path}`;
            await page.goto(url);
            await page.locator('h1').first().waitFor();
            if (width >= 1024) {
              const upgrade = page.getByTestId('nav-upgrade').first();
              await upgrade.waitFor({ state: 'visible' });
              expect(await upgrade.textContent(), url).toBe(UPGRADE[locale]);
              const box = await upgrade.boundingBox();
              expect(box && box.x + box.width, url).toBeLessThanOrEqual(width);
            }
            const sizes = await page.evaluate(() => ({
              scrollWidth: document.documentElement.scrollWidth,
              innerWidth: window.innerWidth,
            }));
            expect(sizes.scrollWidth, url).toBeLessThanOrEqual(sizes.innerWidth);
            expect(sizes.scrollWidth, url).toBeLessThanOrEqual(width);
          }
        }
        await context.close();
      });
    }
  });

  describe('keyboard', () => {
    const focused = (page: Page) =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const style = getComputedStyle(el);
        return {
          id: el.id,
          text: el.textContent?.trim() ?? '',
          outline: `${style.outlineStyle} ${style.outlineWidth}`,
          color: style.outlineColor,
        };
      });

    it('the first Tab reaches a translated skip link that moves the focus to the main content', async () => {
      const { page, context } = await journey.open();
      for (const [path, label] of [
        ['/about', 'Aller au contenu'],
        ['/en/about', 'Skip to content'],
        ['/nl/about', 'Naar de inhoud'],
      ] as const) {
        await page.goto(journey.url(path));
        await page.locator('h1').first().waitFor();
        await page.keyboard.press('Tab');
        const skip = await focused(page);
        expect(skip.text).toBe(label);
        // Off-screen until focused, then on screen.
        expect((await page.locator('.skip-link').boundingBox())?.y).toBeGreaterThanOrEqual(0);
        await page.keyboard.press('Enter');
        await page.waitForFunction(() => document.activeElement?.id === 'main');
      }
      await context.close();
    });

    it('the focus ring is a solid 2 px outline, dark on the page and light on the dark footer', async () => {
      const { page, context } = await journey.open();
      await page.goto(journey.url('/about'));
      await page.locator('h1').first().waitFor();
      await page.keyboard.press('Tab'); // skip link
      await page.keyboard.press('Tab'); // brand link in the navbar
      const inNavbar = await focused(page);
      expect(inNavbar.outline).toBe('solid 2px');
      expect(inNavbar.color).toBe('rgb(19, 78, 74)');
      await page.getByTestId('footer').getByRole('link', { name: 'FAQ' }).focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab'); // back on the FAQ link, focused from the keyboard
      const inFooter = await focused(page);
      expect(inFooter.text).toBe('FAQ');
      expect(inFooter.outline).toBe('solid 2px');
      expect(inFooter.color).toBe('rgb(255, 255, 255)');
      await context.close();
    });
  });

  describe('splash', () => {
    it('never covers the home page the server drew; shows once per session over a page not drawn yet', async () => {
      const { page, context } = await journey.open();
      await page.goto(journey.url('/'));
      // ADR 166: the drawn home is on screen from the first paint, with no splash over it at any time.
      await page.locator('#root[data-first-screen] h1').waitFor();
      expect(await page.getByTestId('splash').count()).toBe(0);
      await waitForServiceWorker(page);
      expect(await page.getByTestId('splash').count()).toBe(0);

      // A new session (another tab): the worker serves the shell, drawn by the app only, so the
      // specification's splash covers it while the app draws, fades at 2.3 s and goes at 3.2 s.
      const shell = await context.newPage();
      await shell.goto(journey.url('/'));
      const splash = shell.getByTestId('splash');
      await splash.waitFor();
      expect(await shell.locator('#root[data-first-screen]').count()).toBe(0);
      expect(await splash.getAttribute('data-phase')).toBe('visible');
      await shell.waitForFunction(
        () => document.querySelector('[data-testid="splash"]')?.getAttribute('data-phase') === 'hidden',
        null,
        { timeout: 5000 },
      );
      await splash.waitFor({ state: 'detached', timeout: 5000 });
      expect(await shell.evaluate(() => sessionStorage.getItem('splashSeen'))).toBeTruthy();
      await shell.reload();
      await shell.waitForLoadState('networkidle');
      expect(await shell.getByTestId('splash').count()).toBe(0);
      await context.close();
    });

    it('does not show when the session opens a shared search link', async () => {
      const { page, context } = await journey.open();
      await page.goto(journey.url('/?q=dafalgan'));
      await page.locator('h1').first().waitFor();
      await page.getByTestId('search-results').waitFor();
      expect(await page.getByTestId('splash').count()).toBe(0);
      await context.close();
    });

    it('does not show when the session lands on another page', async () => {
      const { page, context } = await journey.open();
      await page.goto(journey.url('/about'));
      await page.locator('h1').first().waitFor();
      expect(await page.getByTestId('splash').count()).toBe(0);
      await context.close();
    });
  });

  describe('offline', () => {
    it('after one visit the shell and the information pages load with no network', async () => {
      const { page, context } = await journey.open();
      await page.goto(journey.url('/about'));
      await page.locator('h1').first().waitFor();
      await waitForServiceWorker(page);
      await context.setOffline(true);
      await page.reload();
      await page.locator('h1').first().waitFor();
      await page.getByTestId('offline-banner').waitFor();
      expect(await page.getByTestId('offline-banner').textContent()).toContain(OFFLINE_BANNER.fr);
      await expectNoSeriousA11yViolations(page, 'offline banner');
      for (const path of ['/faq', '/privacy', '/en/legal', '/nl/contact']) {
        await page.goto(journey.url(path));
        await page.locator('h1').first().waitFor();
      }
      // The banner speaks the page's language.
      for (const locale of ['en', 'nl'] as const) {
        await page.goto(`${journey.app.url}/${locale}/about`);
        await page.waitForFunction((l) => document.documentElement.lang === l, locale);
        await page.locator('h1').first().waitFor();
        const banner = page.getByTestId('offline-banner');
        await banner.waitFor();
        expect(await banner.textContent()).toBe(OFFLINE_BANNER[locale]);
      }
      await context.close();
    });

    it('on a phone, the banner and the sticky header stay visible one under the other while scrolling', async () => {
      const { page, context } = await journey.open({ viewport: PHONE });
      await page.goto(journey.url('/'));
      await page.evaluate(() => sessionStorage.setItem('splashSeen', '1'));
      for (const [path, header] of [
        ['/privacy', '[data-testid="navbar"]'],
        ['/', '.home-header'],
      ] as const) {
        await context.setOffline(false);
        await page.goto(journey.url(path));
        await page.locator('h1').first().waitFor();
        // The banner is the app's: on a first visit home waits for the visitor (ADR 120).
        await waitForApp(page);
        await context.setOffline(true);
        await page.getByTestId('offline-banner').waitFor();
        await page.evaluate(() => window.scrollTo(0, 1500));
        await page.waitForFunction(() => window.scrollY > 300);
        const boxes = await page.evaluate((selector) => {
          const banner = document.querySelector('[data-testid="offline-banner"]')!.getBoundingClientRect();
          const head = document.querySelector(selector)!.getBoundingClientRect();
          return { bannerTop: banner.top, bannerBottom: banner.bottom, headerTop: head.top, headerHeight: head.height };
        }, header);
        expect(boxes.bannerTop, path).toBe(0);
        expect(boxes.headerHeight, path).toBeGreaterThan(0);
        expect(Math.abs(boxes.headerTop - boxes.bannerBottom), path).toBeLessThanOrEqual(1);
      }
      await context.setOffline(false);
      await context.close();
    });

    it('the service worker precaches index.html and every translation file of fr, en and nl', async () => {
      const { page, context } = await journey.open();
      await page.goto(journey.url('/about'));
      await page.locator('h1').first().waitFor();
      await waitForServiceWorker(page);
      const cached = await page.evaluate(async () => {
        const paths: string[] = [];
        for (const name of await caches.keys()) {
          if (!name.includes('precache')) continue;
          const cache = await caches.open(name);
          for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
        }
        return paths;
      });
      expect(cached).toContain('/index.html');
      // Left to be cached on use (ADR 165): the Pro tool's workers and the scan reader's .wasm. The
      // worker that loads ICU's data at the app's start is the consumer's own (ADR 184).
      expect(cached.filter((p) => /\.worker-|\.wasm$/.test(p))).toEqual([
        expect.stringMatching(/^\/assets\/warm-intl\.worker-[\w-]+\.js$/),
      ]);
      for (const locale of LOCALES) {
        const files = readdirSync(path.join(ROOT, 'web', 'dist', 'locales', locale)).filter((f) => f.endsWith('.json'));
        expect(files.length, locale).toBeGreaterThanOrEqual(10);
        expect(files).toEqual(expect.arrayContaining(['common.json', 'layout.json', 'info.json']));
        for (const file of files) expect(cached, `${locale}/${file}`).toContain(`/locales/${locale}/${file}`);
      }
      await context.close();
    });

    it('the service worker waits for the first search, then the visit still works offline (ADR 165)', async () => {
      const { page, context } = await journey.open({ viewport: PHONE });
      // When the page asks for the worker, and when the results first read "complete", in page time.
      await page.addInitScript(() => {
        const marks = { registered: 0, complete: 0 };
        Object.assign(window, { __marks: marks });
        const container = navigator.serviceWorker;
        const register = container.register.bind(container);
        container.register = (...args: Parameters<ServiceWorkerContainer['register']>) => {
          marks.registered ||= performance.now();
          return register(...args);
        };
        new MutationObserver(() => {
          if (!marks.complete && document.querySelector('[data-testid="search-stage"][data-stage="complete"]'))
            marks.complete = performance.now();
        }).observe(document, { subtree: true, childList: true, attributes: true });
      });
      const marks = () =>
        page.evaluate(() => (window as unknown as { __marks: { registered: number; complete: number } }).__marks);
      await page.goto(journey.url('/'));
      await page.getByTestId('search-input').tap();
      await page.getByTestId('search-input').pressSequentially('dafalgan', { delay: 150 });
      await page.keyboard.press('Enter');
      await page.locator('[data-testid="search-stage"][data-stage="complete"]').waitFor({ timeout: 30_000 });
      await waitForServiceWorker(page);
      const { registered, complete } = await marks();
      expect(complete).toBeGreaterThan(0);
      expect(registered).toBeGreaterThan(complete);

      // Searched on the drawn page (ADR 167), the result is saved by the app once it has taken the page
      // over after the search (ADR 168): wait for IndexedDB to hold it before the network goes.
      await page.locator('#root:not([data-first-screen])').waitFor({ state: 'attached' });
      await waitForSavedSearch(page, 'fr|name:dafalgan');

      // What the worker kept is enough: the home and that search come back with no network.
      await context.setOffline(true);
      await page.goto(journey.url('/?q=dafalgan'));
      await page.locator('[data-testid="cached-notice"][data-saved="true"]').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('product-card').count()).toBeGreaterThan(0);
      await context.setOffline(false);
      await context.close();
    });
  });

  describe('installable PWA', () => {
    it('serves a manifest with names, start URL, standalone display, theme colour and 192/512 icons', async () => {
      const html = await (await fetch(journey.url('/'))).text();
      expect(html).toMatch(/<link rel="manifest" href="\/manifest\.webmanifest"/);

      const res = await fetch(journey.url('/manifest.webmanifest'));
      expect(res.status).toBe(200);
      const manifest = (await res.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
      expect(manifest).toMatchObject({
        name: BRAND_NAME,
        short_name: BRAND_SHORT_NAME,
        start_url: '/',
        display: 'standalone',
        theme_color: THEME_COLOR,
      });
      const sizes = manifest.icons.map((icon) => icon.sizes);
      expect(sizes).toContain('192x192');
      expect(sizes).toContain('512x512');
      const maskable = manifest.icons.filter((icon) => (icon.purpose ?? 'any').split(' ').includes('maskable'));
      expect(maskable.length).toBeGreaterThanOrEqual(1);
      expect(maskable.some((icon) => ['192x192', '512x512'].includes(icon.sizes))).toBe(true);

      // Each icon really is a PNG of the size it claims.
      for (const icon of manifest.icons) {
        const iconRes = await fetch(new URL(icon.src, journey.url('/manifest.webmanifest')));
        expect(iconRes.status, icon.src).toBe(200);
        expect(iconRes.headers.get('content-type'), icon.src).toContain('image/png');
        const { width, height } = pngSize(Buffer.from(await iconRes.arrayBuffer()));
        expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      }
    });
  });

  it('home screenshots at 1280 and 390 px', async () => {
    for (const [name, viewport] of [
      ['home-1280', DESKTOP],
      ['home-390', PHONE],
    ] as const) {
      const { page, context } = await journey.open({ viewport });
      await page.goto(journey.url('/'));
      await page.evaluate(() => sessionStorage.setItem('splashSeen', '1'));
      await page.reload();
      await page.waitForLoadState('networkidle');
      const file = await screenshot(page, name);
      await expectNoSeriousA11yViolations(page, `home ${name}`);
      expect(file).toContain(name);
      await context.close();
    }
  });
});
