import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Locale } from '@pharmaradar/shared/locales';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { PHONE, ROOT, screenshot } from '../support/harness';
import { useJourney } from '../support/journey';
import { registerAndVerify } from '../support/register';

const run = promisify(execFile);

// Price alerts (ADR 116) end to end: a user sets an "any drop" alert on a demo product page, the demo clock
// control (/__demo/clock, ADR 117, 122: staff only, with the session's CSRF token) moves the demo
// shops' prices day by day until the price drops, the alert mail arrives in the user's language, and
// its one-click link removes the alert. The user is made staff with `npm run staff` to move the clock.

const TEXTS: Partial<
  Record<
    Locale,
    {
      browser: string;
      drop: string;
      saved: string;
      listed: string;
      empty: string;
      subject: string;
      dropped: string;
      done: string;
    }
  >
> = {
  fr: {
    browser: 'fr-BE',
    drop: 'à chaque baisse de prix',
    saved: 'Alerte créée : vous la retrouvez dans votre compte.',
    listed: 'à chaque baisse',
    empty: 'Aucune alerte. Créez-en une depuis la page d’un produit.',
    subject: 'Alerte prix : {product}',
    dropped: 'le prix de {product} a baissé, il est maintenant à',
    done: 'Alerte supprimée : vous ne recevrez plus d’e-mail pour « {product} ».',
  },
  nl: {
    browser: 'nl-BE',
    drop: 'bij elke prijsdaling',
    saved: 'Alarm ingesteld: u vindt het terug in uw account.',
    listed: 'bij elke daling',
    empty: 'Geen alarmen. Stel er een in vanaf een productpagina.',
    subject: 'Prijsalarm: {product}',
    dropped: 'de prijs van {product} is gedaald, hij is nu',
    done: 'Alarm verwijderd: u ontvangt geen e-mails meer over „{product}”.',
  },
};

/** Enough demo days for a drop of the lowest of three independent daily prices to come up. */
const MAX_DAYS = 20;
const shown = (price: number) => price.toFixed(2).replace('.', ',');
/** French pages have no language prefix. */
const prefix = (lang: Locale) => (lang === 'fr' ? '' : `/${lang}`);

describe('price alerts', () => {
  const journey = useJourney({
    // Prices move with the (demo) day; the checks run only when the demo clock control asks.
    env: {
      // The clock control is off unless asked for (ADR 122).
      DEMO_CONTROLS: 'true',
      DEMO_PRICES_MOVE: 'true',
      DEMO_LATENCY_MS: '',
      ALERTS_CHECK_INTERVAL_MIN: '0',
      // The journey reads the lowest price through the search after every demo day.
      SEARCH_RATE_LIMIT_PER_MIN: '1000',
    },
  });

  async function register(page: Page, lang: Locale, email: string) {
    await registerAndVerify(page, journey.app, journey.url(`${prefix(lang)}/register`), {
      email,
      password: 'een sterk wachtwoord',
      lastName: 'Peeters',
      pharmacist: 'no',
    });
    // Registration ends on home, whose own header shows the account (the navbar's avatar belongs to
    // the verification page being left, there for a moment only: waiting for it was a race).
    await page.getByTestId('home-avatar').waitFor({ state: 'attached' });
  }

  /** A demo product page (from the sitemap) and its CNK. */
  async function demoProduct(index: number): Promise<{ slug: string; cnk: string }> {
    const sitemap = await (await fetch(journey.url('/sitemap.xml'))).text();
    const slug = [...sitemap.matchAll(/<loc>[^<]*\/fr\/([a-z0-9-]+)<\/loc>/g)].map((m) => m[1]!)[index]!;
    const { cnk } = (await (await fetch(journey.url(`/api/products/${slug}/`))).json()) as { cnk: string };
    return { slug, cnk };
  }

  /** The lowest price one can buy that the search shows now (the demo day's prices; ADR 155: sold-out offers left out). */
  async function lowestNow(cnk: string): Promise<number> {
    const body = (await (await fetch(journey.url(`/api/search/?q=${cnk}`))).json()) as {
      products: Array<{ cnk: string; offers: Array<{ price: number; inStock: boolean | null }> }>;
    };
    return Math.min(
      ...body.products
        .find((p) => p.cnk === cnk)!
        .offers.filter((o) => o.inStock !== false)
        .map((o) => o.price),
    );
  }

  /** `npm run staff -- <email>` on the app's DATA_DIR, as an operator would (admin.e2e.ts does the same). */
  async function makeStaff(email: string) {
    await run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/src/jobs/staff.cli.ts'), email], {
      cwd: path.join(ROOT, 'server'),
      env: { PATH: process.env.PATH, DATA_DIR: journey.app.dataDir, LOG_LEVEL: 'silent' },
    });
  }

  /** The next demo day, asked from the demo clock page by the signed-in staff member with its CSRF token. */
  const nextDay = async (page: Page) => {
    const { status, body } = await page.evaluate(async () => {
      const token = document.querySelector<HTMLInputElement>('input[name="csrf_token"]')?.value ?? '';
      const res = await fetch('/__demo/clock/next-day', {
        method: 'POST',
        headers: { accept: 'application/json', 'X-CSRFToken': token },
      });
      return { status: res.status, body: (await res.json()) as { day: number; checked: number; mailed: number } };
    });
    expect(status).toBe(200);
    return body;
  };

  it.each([
    ['fr', 0],
    ['nl', 1],
  ] as const)('sets an alert, the moved demo price fires it, the mail unsubscribes (%s)', async (lang, index) => {
    const t = TEXTS[lang]!;
    const email = `alerts.${lang}@example.be`;
    const fill = (text: string) => text.replace('{product}', heading);
    const { page, pageErrors } = await journey.open({
      locale: t.browser,
      viewport: lang === 'nl' ? PHONE : undefined,
    });
    await register(page, lang, email);
    await makeStaff(email);

    // The product page: set an alert on any drop.
    const { slug, cnk } = await demoProduct(index);
    await page.goto(journey.url(`/${lang}/${slug}`));
    const form = page.getByTestId('price-alert');
    await form.waitFor();
    // The alert is named after the product itself (the heading without its ": compare prices" tail),
    // which the mail and the account repeat.
    const title = ((await page.locator('h1.product-page__title').textContent()) ?? '').trim();
    const heading = title.replace(/\s*: (comparez les prix|vergelijk de prijzen)$/, '');
    expect(heading).not.toBe(title);
    await form.getByRole('radio', { name: t.drop }).check();
    await form.getByTestId('alert-submit').click();
    const result = form.locator('[data-testid="alert-result"][data-status="saved"]');
    await result.waitFor();
    expect(await result.textContent()).toBe(t.saved);
    await expectNoSeriousA11yViolations(page, `product page alert form (${lang})`);
    await screenshot(page, `price-alerts-form-${lang}`);

    // The account lists it.
    await page.goto(journey.url(`${prefix(lang)}/compte`));
    const rows = page.getByTestId('account-alerts').getByTestId('alert-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(`${heading} · ${t.listed}`);
    await expectNoSeriousA11yViolations(page, `account alerts (${lang})`);

    // The demo page's button moves the day on; that first check takes the price as it is (no mail).
    await page.goto(journey.url('/__demo/clock'));
    const dayBefore = await page.getByTestId('demo-day').textContent();
    await page.getByRole('button', { name: 'Next demo day and check alerts' }).click();
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="demo-day"]')?.textContent !== before,
      dayBefore,
    );
    const subject = fill(t.subject);
    const alertMails = async () =>
      (await journey.app.mails()).filter((m) => m.to.includes(email) && m.subject === subject);
    expect(await alertMails()).toEqual([]);

    // Day after day until the lowest price drops: then the alert mails, once.
    let before = await lowestNow(cnk);
    let dropped: number | null = null;
    for (let day = 0; day < MAX_DAYS && dropped === null; day++) {
      const { checked } = await nextDay(page);
      expect(checked).toBeGreaterThanOrEqual(1);
      const now = await lowestNow(cnk);
      if (now < before) dropped = now;
      else expect(await alertMails()).toEqual([]);
      before = now;
    }
    expect(dropped, `no drop in ${MAX_DAYS} demo days`).not.toBeNull();
    const mail = await journey.app.waitForMail((m) => m.to.includes(email) && m.subject === subject);
    expect(mail.text).toContain(fill(t.dropped));
    expect(mail.text).toContain(shown(dropped!));

    // The mail's one-click link, opened in the browser, removes the alert.
    const link = /(http\S+\/api\/alerts\/unsubscribe\/\S+)/.exec(mail.text)![1]!;
    await page.goto(link);
    const done = page.locator('[data-testid="unsubscribe-result"][data-done="true"]');
    expect(await done.textContent()).toBe(fill(t.done));
    await screenshot(page, `price-alerts-unsubscribed-${lang}`);

    await page.goto(journey.url(`${prefix(lang)}/compte`));
    await page.getByTestId('account-alerts').getByText(t.empty).waitFor();
    expect(await page.getByTestId('alert-row').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
