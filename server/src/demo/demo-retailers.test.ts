import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDemoCatalogue } from './catalogue';
import { startDemoRetailers, type DemoRetailers } from './demo-retailers';
import { farmalineSearchUrl } from '../retailers/farmaline/farmaline.connector';
import { demoShopConnectors, startInstantDemoShops } from '../retailers/demo-shops.test-support';

let demo: DemoRetailers;
beforeAll(async () => {
  demo = await startInstantDemoShops();
});
afterAll(() => demo.close());

describe('demo retailer sites', () => {
  it('listen on distinct loopback ports, one per shop (two for Medi-Market)', () => {
    const urls = [...Object.values(demo.baseUrls), demo.medimarketPharmacyBaseUrl];
    expect(new Set(urls).size).toBe(5);
    for (const url of urls) expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('escape the echoed query (no reflected markup)', async () => {
    const res = await fetch(farmalineSearchUrl(demo.baseUrls.farmaline, '<script>alert(1)</script>'));
    const html = await res.text();
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('serve product pages behind offer links, and SVG pictures behind offer images', async () => {
    const connectors = demoShopConnectors(demo, ['farmaline', 'medimarket', 'multipharma', 'newpharma']);
    for (const c of connectors) {
      const [offer] = await c.search({ kind: 'name', value: 'sensodyne' }, new AbortController().signal);
      const page = await fetch(offer!.url!);
      expect(page.status, c.id).toBe(200);
      expect(await page.text(), c.id).toContain(offer!.name.replace(/&/g, '&amp;'));
      const img = await fetch(offer!.image!);
      expect(img.headers.get('content-type'), c.id).toMatch(/^image\/svg\+xml/);
      expect(await img.text(), c.id).toContain('<svg');
    }
    expect((await fetch(`${demo.baseUrls.farmaline}/img/0000000.svg`)).status).toBe(404);
  });

  it('Multipharma sends an exact CNK match to the product page, like SFRA', async () => {
    const p = getDemoCatalogue().find((x) => x.offers.multipharma)!;
    const res = await fetch(
      `${demo.baseUrls.multipharma}/on/demandware.store/Sites-Multipharma-Webshop-BE-Site/fr_BE/Search-Show?q=${p.cnk}`,
      { redirect: 'manual' },
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/fr/${p.slug}-${p.cnk}.html`);
  });

  it('fault 403 looks like Cloudflare and 429 carries Retry-After', async () => {
    demo.setFault('newpharma', '403');
    const blocked = await fetch(`${demo.baseUrls.newpharma}/fr/search-results/search.html?q=a`);
    expect([blocked.status, blocked.headers.get('server')]).toEqual([403, 'cloudflare']);
    expect(await blocked.text()).toContain('Cloudflare Ray ID');
    demo.setFault('newpharma', '429');
    const limited = await fetch(`${demo.baseUrls.newpharma}/fr/search-results/search.html?q=a`);
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '30']);
    demo.setFault('newpharma', null);
  });

  it('close() releases requests held by the timeout fault', async () => {
    const other = await startDemoRetailers({ faults: { farmaline: 'timeout' } });
    const pending = fetch(farmalineSearchUrl(other.baseUrls.farmaline, 'x')).then(
      (r) => r.status,
      () => 'closed',
    );
    await new Promise((r) => setTimeout(r, 50));
    await other.close();
    expect([504, 'closed']).toContain(await pending);
  });
});

describe('demo shops for browsers', () => {
  it('publicUrl maps loopback shop URLs to stable same-origin paths and leaves others alone', () => {
    expect(demo.publicUrl(`${demo.baseUrls.farmaline}/fr/x/BE01234567/y.htm?a=1`)).toBe(
      '/__demo/retailers/farmaline/fr/x/BE01234567/y.htm?a=1',
    );
    expect(demo.publicUrl(`${demo.medimarketPharmacyBaseUrl}/img/1234567.svg`)).toBe(
      '/__demo/retailers/medimarket-pharmacy/img/1234567.svg',
    );
    expect(demo.publicUrl('https://www.farmaline.be/fr/')).toBe('https://www.farmaline.be/fr/');
    expect(demo.publicUrl('not a url')).toBe('not a url');
  });

  it('mount() serves the shops under /__demo/retailers/<shop> with links that stay under it', async () => {
    const app = new Hono();
    demo.mount(app);
    const p = getDemoCatalogue().find((x) => x.offers.multipharma && !x.prescription)!;
    const search = await app.request(
      `/__demo/retailers/multipharma/on/demandware.store/Sites-Multipharma-Webshop-BE-Site/fr_BE/Search-Show?q=${p.cnk}`,
    );
    expect(search.status).toBe(302);
    const location = search.headers.get('location')!;
    expect(location).toBe(`/__demo/retailers/multipharma/fr/${p.slug}-${p.cnk}.html`);
    const page = await (await app.request(location)).text();
    expect(page).toContain(`src="/__demo/retailers/multipharma/img/${p.cnk}.svg"`);
    expect((await app.request(`/__demo/retailers/multipharma/img/${p.cnk}.svg`)).headers.get('content-type')).toMatch(
      /svg/,
    );
  });
});
