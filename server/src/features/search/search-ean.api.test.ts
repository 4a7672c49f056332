import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchJson } from '../../../test/helpers/search';
import { gtinCheckDigit } from '@pharmaradar/shared/gtin';
import { getDemoCatalogue } from '../../demo/catalogue';
import { importTestCatalogue, testPack } from '../../../test/helpers/catalogue';
import { startSearchTestServer, type SearchTestServer } from './testing/search-test-kit.test-support';

// The `ean` query kind (docs/architecture.md#price-engine, ADR 115): what the barcode scan sends. Farmaline searches
// by EAN itself; Medi-Market and Multipharma are asked the CNK the demo catalogue maps the EAN to.

describe('GET /api/search with an EAN/GTIN', () => {
  let ctx: SearchTestServer;
  beforeAll(async () => {
    ctx = await startSearchTestServer();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const product = getDemoCatalogue().find(
    (p) => !p.prescription && p.offers.farmaline && p.offers.medimarket && p.offers.multipharma,
  )!;

  it('finds the product of an EAN-13 at every shop that sells it, searched code = the EAN', async () => {
    ctx.shops.reset();
    const result = await searchJson(ctx.server.url, product.ean);
    expect(result.kind).toBe('ean');
    expect(result.products).toHaveLength(1);
    expect(result.products[0]!.cnk).toBe(product.cnk);
    expect(result.products[0]!.offers.map((o) => o.retailer).sort()).toEqual([
      'farmaline',
      'medimarket',
      'multipharma',
    ]);
    expect(result.products[0]!.offers.every((o) => o.searchedCode === product.ean)).toBe(true);
    expect(result.products[0]!.offers.find((o) => o.retailer === 'multipharma')?.price).toBe(
      product.offers.multipharma!.price,
    );
    expect(ctx.shops.counts().farmaline).toBe(1);
  });

  it('reads the GTIN-14 of a GS1 DataMatrix element string (AI 01) as the same product', async () => {
    const result = await searchJson(ctx.server.url, `(01)0${product.ean}(17)281231(10)LOT42`);
    expect(result.kind).toBe('ean');
    expect(result.products.map((p) => p.cnk)).toEqual([product.cnk]);
  });

  it('finds the CNK of a GTIN through the official catalogue first, where no shop page knows the code', async () => {
    // A second barcode of the pack (a pack with several GTINs): no shop shows it, only SAM knows it.
    const body = '541999000123';
    const gtin = body + gtinCheckDigit(body);
    expect(getDemoCatalogue().some((p) => p.ean === gtin)).toBe(false);
    // A 14-digit GTIN whose first digit is not 0 (a packaging level) has no 13-digit form.
    const gtin14 = `1${body}` + gtinCheckDigit(`1${body}`);
    importTestCatalogue(ctx.server.db, {
      packs: [testPack(product.cnk, { gtins: [`0${gtin}`, gtin14, `0${product.ean}`] })],
    });
    ctx.shops.reset();
    const result = await searchJson(ctx.server.url, gtin);
    expect(result.kind).toBe('ean');
    expect(result.products.map((p) => p.cnk)).toEqual([product.cnk]);
    // Farmaline, asked the barcode it does not know, finds nothing; the others are asked the CNK.
    expect(result.products[0]!.offers.map((o) => o.retailer).sort()).toEqual(['medimarket', 'multipharma']);
    expect(result.products[0]!.offers.find((o) => o.retailer === 'medimarket')?.price).toBe(
      product.offers.medimarket!.price,
    );
    const scanned14 = await searchJson(ctx.server.url, gtin14);
    expect(scanned14.kind).toBe('ean');
    expect(scanned14.products.map((p) => p.cnk)).toEqual([product.cnk]);
  });

  it('answers no product for a valid GTIN no shop knows, and a wrong check digit is a name search', async () => {
    const unknown = await searchJson(ctx.server.url, '4006381333931');
    expect(unknown.kind).toBe('ean');
    expect(unknown.products).toEqual([]);
    expect(unknown.retailers.map((r) => r.status)).toEqual(['empty', 'empty', 'empty']);
    const typo = `${product.ean.slice(0, 12)}${(Number(product.ean.at(-1)) + 1) % 10}`;
    expect((await searchJson(ctx.server.url, typo)).kind).toBe('name');
  });
});
