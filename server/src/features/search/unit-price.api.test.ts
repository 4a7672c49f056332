import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResultSchema } from '@pharmaradar/shared/search.schema';
import { getDemoCatalogue } from '../../demo/catalogue';
import {
  searchEvents,
  searchUrl,
  startSearchTestServer,
  type SearchTestServer,
} from './testing/search-test-kit.test-support';

describe('unit prices in the search answer', () => {
  let ctx: SearchTestServer;
  beforeAll(async () => {
    ctx = await startSearchTestServer();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const product = (fr: string) => getDemoCatalogue().find((p) => p.name.fr === fr)!;

  it('gives each offer its price per tablet, the tablets read from the name (the 1 g is the strength)', async () => {
    const forte = product('Dafalgan Forte 1 g 40 comprimés');
    const response = await fetch(searchUrl(ctx.server.url, forte.cnk), { headers: { accept: 'application/json' } });
    const result = searchResultSchema.parse(await response.json());
    const offers = result.products.find((p) => p.cnk === forte.cnk)!.offers;
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) {
      expect(offer.unitPrice).toEqual({ amount: Math.round((offer.price / 40) * 10_000) / 10_000, per: 'tablet' });
    }
  });

  it('gives a syrup its price per 100 ml in the streamed retailer events too', async () => {
    const syrup = product('Dafalgan Pédiatrie 30 mg/ml sirop 90 ml');
    const { events } = await searchEvents(ctx.server.url, syrup.cnk);
    const offers = events.flatMap((e) => (e.event === 'retailer' ? e.data.offers : []));
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) {
      expect(offer.unitPrice?.per).toBe('100ml');
      expect(offer.unitPrice?.amount).toBeCloseTo((offer.price / 90) * 100, 4);
    }
  });
});
