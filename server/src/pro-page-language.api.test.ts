import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proProductEventSchema, type ProProductEvent } from '@pharmaradar/shared/pro.schema';
import { searchResultSchema, type SearchOffer } from '@pharmaradar/shared/search.schema';
import { createClock } from '../test/helpers/clock';
import { accountOn, readEvents } from '../test/helpers/pro-account';
import type { TestClient } from '../test/helpers/test-client';
import { getDemoCatalogue } from './demo/catalogue';
import {
  searchUrl,
  startSearchTestServer,
  type SearchTestServer,
} from './features/search/testing/search-test-kit.test-support';

// A Pro offer names the language of the page its link opens exactly as the search's offer does
// (docs/decisions/232), whether the shops were asked now or the market store answered (docs/decisions/234).

const HOUR = 3_600_000;
// Sold by a shop with French pages only and by one with Dutch pages too.
const cnk = getDemoCatalogue().find((p) => !p.prescription && p.offers.medimarket && p.offers.farmaline)!.cnk!;

const languagesOf = (offers: readonly SearchOffer[] | undefined) =>
  Object.fromEntries((offers ?? []).map((o) => [o.retailer, o.pageLanguage]));

describe('the page language of a Pro offer', () => {
  const clock = createClock(Date.UTC(2026, 10, 28, 5, 0));
  let ctx: SearchTestServer;
  let pro: TestClient;
  beforeAll(async () => {
    ctx = await startSearchTestServer(
      { SEARCH_CACHE_TTL_S: '900', MARKET_FRESH_H: '24', MARKET_REFRESH_INTERVAL_MIN: '0' },
      {},
      { now: clock.now },
    );
    pro = await accountOn(ctx.server, 'page-language@example.be', true);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  async function proRow(lang: string, live: boolean): Promise<ProProductEvent> {
    const res = await pro.post(
      '/api/pro/prices/',
      { cnks: [cnk], lang, live },
      { headers: { Accept: 'text/event-stream' } },
    );
    expect(res.status).toBe(200);
    return proProductEventSchema.parse(readEvents(res.text).find((e) => e.event === 'product')!.data);
  }

  async function searchLanguages(lang: string) {
    const response = await fetch(searchUrl(ctx.server.url, cnk, `&lang=${lang}`), {
      headers: { accept: 'application/json' },
    });
    const result = searchResultSchema.parse(await response.json());
    return languagesOf(result.products.find((p) => p.cnk === cnk)?.offers);
  }

  it('nl, asked live then from the store: Medi-Market French, Farmaline Dutch, as the search says', async () => {
    const live = await proRow('nl', true);
    expect(live.source).toBe('live');
    expect(languagesOf(live.product?.offers)).toMatchObject({ medimarket: 'fr', farmaline: 'nl' });
    expect(languagesOf(live.product?.offers)).toEqual(await searchLanguages('nl'));
    clock.advance(2 * HOUR);
    const stored = await proRow('nl', false);
    expect(stored.source).toBe('market');
    expect(languagesOf(stored.product?.offers)).toEqual(languagesOf(live.product?.offers));
  });

  it('en and fr: every page is French (no Belgian shop has English pages)', async () => {
    for (const lang of ['en', 'fr']) {
      const row = await proRow(lang, true);
      expect(new Set(Object.values(languagesOf(row.product?.offers)))).toEqual(new Set(['fr']));
    }
  });
});
