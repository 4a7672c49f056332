import { describe, expect, it } from 'vitest';
import type { Locale } from '@pharmaradar/shared/locales';
import { equivalentsResponseSchema } from '@pharmaradar/shared/equivalents.schema';
import { priceHistoryResponseSchema, type PriceHistoryResponse } from '@pharmaradar/shared/price-history.schema';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { PHONE, screenshot } from '../support/harness';
import { useJourney } from '../support/journey';

// Price history (ADR 105), web side: a product page with each shop's price history chart, the 30-day
// low and the prior-price flag, in two languages; its structured data and the sitemap it is listed in.
// Under it, the same medicine (ADR 159) in other packs (the demo SAM export's VMP groups).

const TEXTS: Partial<Record<Locale, { browser: string; title: string; low30: string; flag: string; table: string }>> = {
  fr: {
    browser: 'fr-BE',
    title: 'Historique des prix',
    low30: 'Prix le plus bas des 30 derniers jours',
    flag: 'supérieur au prix le plus bas de cette pharmacie',
    table: 'sous forme de tableau',
  },
  nl: {
    browser: 'nl-BE',
    title: 'Prijsgeschiedenis',
    low30: 'Laagste prijs van de afgelopen 30 dagen',
    flag: 'ligt boven de laagste prijs van deze apotheek',
    table: 'als tabel tonen',
  },
};

/** `equivalent`: the Perdolan pack as the card names it, the catalogue's name and pack in the page's language. */
const SAME_MEDICINE: Partial<
  Record<Locale, { browser: string; title: string; group: string; equivalent: string; advice: string }>
> = {
  fr: {
    browser: 'fr-BE',
    title: 'Même principe actif, même dosage, même forme',
    group: 'Paracétamol 500 mg comprimé',
    equivalent: 'Perdolan 500 mg – 30 comprimés',
    advice: 'Demandez conseil à votre pharmacien',
  },
  nl: {
    browser: 'nl-BE',
    title: 'Zelfde werkzame stof, sterkte en vorm',
    group: 'Paracetamol 500 mg tablet',
    equivalent: 'Perdolan 500 mg – 30 tabletten',
    advice: 'Vraag raad aan uw apotheker',
  },
};

/** Digits of a price as shown, whatever the language's format ("4,99 €", "€ 4,99"). */
const digits = (text: string) => text.replace(/[^\d,]/g, '');
const shown = (price: number) => price.toFixed(2).replace('.', ',');

describe('price history on the product page', () => {
  const journey = useJourney({ env: { DEMO_LATENCY_MS: '' } });

  /** A demo product (from the sitemap) whose history flags a 'was' price, with its history. */
  async function flaggedProduct(): Promise<{ slug: string; history: PriceHistoryResponse }> {
    const sitemap = await (await fetch(journey.url('/sitemap.xml'))).text();
    const slugs = [...sitemap.matchAll(/<loc>[^<]*\/fr\/([a-z0-9-]+)<\/loc>/g)].map((m) => m[1]!);
    expect(slugs.length).toBeGreaterThan(10);
    for (const slug of slugs.slice(0, 60)) {
      const { cnk } = (await (await fetch(journey.url(`/api/products/${slug}/`))).json()) as { cnk: string };
      const history = priceHistoryResponseSchema.parse(
        await (await fetch(journey.url(`/api/products/${cnk}/history/`))).json(),
      );
      if (history.retailers.some((r) => r.priorPrice?.misleading)) return { slug, history };
    }
    throw new Error('no demo product with a flagged was price among the first 60 of the sitemap');
  }

  it.each(['fr', 'nl'] as const)(
    'shows each shop history chart, the 30-day low and the prior-price flag (%s)',
    async (lang) => {
      const t = TEXTS[lang]!;
      const { slug, history } = await flaggedProduct();
      const { page, context, pageErrors } = await journey.open({
        locale: t.browser,
        viewport: lang === 'nl' ? PHONE : undefined,
      });
      await page.goto(journey.url(`/${lang}/${slug}`));

      const section = page.getByTestId('price-history');
      await section.getByRole('heading', { name: t.title }).waitFor();
      const shops = section.getByTestId('history-retailer');
      await shops.first().waitFor();
      expect(await shops.count()).toBe(history.retailers.length);
      expect(await section.locator('svg[data-testid="price-chart"] path').count()).toBe(history.retailers.length);
      // Each chart says its scale: the highest and lowest prices drawn, its first and last days, on screen.
      const first = history.retailers[0]!;
      const axis = section.locator(`[data-retailer="${first.retailer}"]`);
      expect(digits((await axis.getByTestId('price-chart-max').textContent()) ?? '')).toBe(
        shown(Math.max(...first.points.map((p) => p.price))),
      );
      expect(await axis.getByTestId('price-chart-days').locator('span').count()).toBe(2);
      expect(await axis.getByTestId('price-chart-days').isVisible()).toBe(true);

      const low = await section.getByTestId('history-low30').textContent();
      expect(low).toContain(t.low30);
      expect(digits((await section.getByTestId('history-low30').locator('strong').textContent()) ?? '')).toBe(
        shown(history.low30!),
      );
      expect(await section.getByTestId('history-low30-badge').count()).toBe(history.bestIsLow30 ? 1 : 0);

      const flagged = history.retailers.find((r) => r.priorPrice?.misleading)!;
      const flag = section.locator(`[data-retailer="${flagged.retailer}"] [data-testid="history-prior"]`);
      expect(await flag.getAttribute('data-misleading')).toBe('true');
      expect(await flag.textContent()).toContain(t.flag);

      // The chart's table alternative opens and lists the shop's days.
      const details = section.locator(`[data-retailer="${flagged.retailer}"] details`);
      await details.locator('summary', { hasText: t.table }).click();
      expect(await details.locator('tbody tr').count()).toBe(flagged.points.length);

      // The server sent the product's structured data with the page.
      const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
      expect(jsonLd).toMatchObject({ '@type': 'Product', offers: { '@type': 'AggregateOffer', priceCurrency: 'EUR' } });

      await screenshot(page, `price-history-${lang}`);
      await expectNoSeriousA11yViolations(page, `product page with price history (${lang})`);
      expect(pageErrors).toEqual([]);
      await context.close();
    },
  );

  it.each(['fr', 'nl'] as const)(
    'shows the same medicine in other packs with its best known price, and the pharmacist advice (%s)',
    async (lang) => {
      const t = SAME_MEDICINE[lang]!;
      // Dafalgan 500 mg 30 and Perdolan 500 mg 30 share a VMP in the demo export.
      const slug = 'dafalgan-500-mg-30-comprimes';
      const { cnk } = (await (await fetch(journey.url(`/api/products/${slug}/`))).json()) as { cnk: string };
      const expected = equivalentsResponseSchema.parse(
        await (await fetch(journey.url(`/api/products/${cnk}/equivalents/?lang=${lang}`))).json(),
      );
      const perdolan = expected.equivalents.find((e) => e.slug === 'perdolan-500-mg-30-comprimes');
      expect(perdolan?.bestPrice).not.toBeNull();
      const { page, context, pageErrors } = await journey.open({
        locale: t.browser,
        viewport: lang === 'nl' ? PHONE : undefined,
      });
      await page.goto(journey.url(`/${lang}/${slug}`));

      // The drawn page is whole without the app (ADR 121); the section comes with the app, which starts
      // at the visitor's first touch.
      expect(await page.getByTestId('same-medicine').count()).toBe(0);
      await page.getByRole('heading', { level: 1 }).click();
      const section = page.getByTestId('same-medicine');
      await section.getByRole('heading', { name: t.title }).waitFor();
      expect(await section.getByTestId('same-medicine-group').textContent()).toBe(t.group);
      const item = section.locator(`[data-testid="same-medicine-item"][data-cnk="${perdolan!.cnk}"]`);
      expect(digits((await item.getByTestId('same-medicine-price').textContent()) ?? '')).toBe(
        shown(perdolan!.bestPrice!),
      );
      expect(await item.getByTestId('offer-unit-price').count()).toBe(1);
      // Named as the official catalogue names it in the page's language (a Dutch page never reads French).
      expect(await item.getByRole('link').textContent()).toBe(t.equivalent);
      expect(await section.getByTestId('same-medicine-advice').textContent()).toContain(t.advice);
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, `same-medicine-${lang}`);
      await expectNoSeriousA11yViolations(page, `product page with the same medicine in other packs (${lang})`);

      // Its name leads to that pack's own page, in the same language.
      await item.getByRole('link').click();
      await page.waitForURL(`**/${lang}/perdolan-500-mg-30-comprimes`);
      expect(pageErrors).toEqual([]);
      await context.close();
    },
  );
});
