import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@pharmaradar/shared/api-error';
import { equivalentsResponseSchema } from '@pharmaradar/shared/equivalents.schema';
import { priceHistoryResponseSchema } from '@pharmaradar/shared/price-history.schema';
import { startCountingDemo, type CountingDemo } from '../../demo/counting-demo';
import { getDemoCatalogue } from '../../demo/catalogue';
import { importTestCatalogue, testPack } from '../../../test/helpers/catalogue';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';

// GET /api/products/:cnk/equivalents/ (docs/decisions/159) over a small SAM export built here: one VMP
// holding the product, a free equivalent the demo shops sell, one nobody sells, and the packs a consumer
// must never be offered (prescription-only, suspended, no longer marketed).

const demo = (fr: string) => getDemoCatalogue().find((p) => p.name.fr === fr)!;
const product = demo('Dafalgan 500 mg 30 comprimés');
const equivalent = demo('Perdolan 500 mg 30 comprimés');
const prescription = demo('Dafalgan Codéine 500 mg/30 mg 32 comprimés');
const suspended = demo('Perdolan Mono 1 g 20 comprimés');
const paracetamolEg = demo('Paracetamol EG 1 g 30 comprimés');
const otherGroup = demo('Nurofen Forte 400 mg 24 comprimés');
const noGroup = demo('Nurofen 200 mg 24 comprimés');
// Put in the same VMP here only to have a second priced pack of another size (the order by unit price).
const bigPack = demo('Dafalgan 500 mg 20 comprimés effervescents');
const UNSOLD = '0700017';
const NON_MEDICINAL = '4886552';

const VMP = '700001';
const names = (fr: string, nl: string, en: string) => ({ fr, nl, en });

async function get(base: string, path: string) {
  const response = await fetch(`${base}${path}`);
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('GET /api/products/:cnk/equivalents/', () => {
  let server: TestServer;
  let shops: CountingDemo;
  beforeAll(async () => {
    shops = await startCountingDemo();
    server = await startTestServer({ RETAILERS_MODE: 'demo', ...shops.envOverrides });
    importTestCatalogue(server.db, {
      vmps: [
        {
          code: VMP,
          name: names('Paracétamol 500 mg comprimé', 'Paracetamol 500 mg tablet', 'Paracetamol 500 mg tablet'),
        },
        {
          code: '700002',
          name: names('Ibuprofène 400 mg comprimé', 'Ibuprofen 400 mg tablet', 'Ibuprofen 400 mg tablet'),
        },
      ],
      packs: [
        testPack(product.cnk, { vmpCode: VMP, name: names('Dafalgan 500 mg', 'Dafalgan 500 mg', 'Dafalgan 500 mg') }),
        testPack(equivalent.cnk, {
          vmpCode: VMP,
          name: names('Perdolan 500 mg', 'Perdolan 500 mg tabletten', 'Perdolan 500 mg'),
          packName: names('Perdolan 500 mg 30 comprimés', 'Perdolan 500 mg 30 tabletten', 'Perdolan 500 mg 30 tablets'),
          pack: '30',
        }),
        testPack(bigPack.cnk, {
          vmpCode: VMP,
          name: names('Dafalgan 500 mg', 'Dafalgan 500 mg', 'Dafalgan 500 mg'),
          packName: names(
            'Dafalgan 500 mg comp. efferv. 20',
            'Dafalgan 500 mg bruistabl. 20',
            'Dafalgan 500 mg eff. tabl. 20',
          ),
          pack: '20',
        }),
        testPack(UNSOLD, { vmpCode: VMP, name: names('Algo 500 mg', 'Algo 500 mg', 'Algo 500 mg') }),
        testPack(prescription.cnk, { vmpCode: VMP, deliveryCode: 'M1' }),
        testPack(suspended.cnk, { vmpCode: VMP, status: 'SUSPENDED' }),
        testPack(paracetamolEg.cnk, { vmpCode: VMP, marketed: false }),
        testPack(otherGroup.cnk, { vmpCode: '700002' }),
        testPack(noGroup.cnk),
      ],
      nonMedicinal: [
        {
          cnk: NON_MEDICINAL,
          name: names('Crème', 'Crème', 'Cream'),
          category: 'C',
          producer: 'X',
          commercialStatus: 'M',
        },
      ],
    });
  });
  afterAll(async () => {
    await server?.close();
    await shops?.close();
  });

  it('lists the other free, authorised, marketed packs of the VMP with their best known price, asking no shop', async () => {
    shops.reset();
    const { status, body } = await get(server.url, `/api/products/${product.cnk}/equivalents/?lang=fr`);
    expect(status).toBe(200);
    const answer = equivalentsResponseSchema.parse(body);
    expect(shops.counts()).toEqual({
      farmaline: 0,
      medimarket: 0,
      'medimarket-pharmacy': 0,
      multipharma: 0,
      newpharma: 0,
    });
    const bestOf = async (cnk: string) =>
      priceHistoryResponseSchema.parse((await get(server.url, `/api/products/${cnk}/history/`)).body).bestPrice!;
    const [perdolanBest, bigPackBest] = [await bestOf(equivalent.cnk), await bestOf(bigPack.cnk)];
    const perUnit = (price: number, count: number) => Math.round((price / count) * 10_000) / 10_000;
    const priced = [
      {
        cnk: equivalent.cnk,
        name: 'Perdolan 500 mg',
        pack: '30',
        slug: equivalent.slug,
        bestPrice: perdolanBest,
        unitPrice: { amount: perUnit(perdolanBest, 30), per: 'tablet' },
      },
      {
        cnk: bigPack.cnk,
        name: 'Dafalgan 500 mg',
        pack: '20',
        slug: bigPack.slug,
        bestPrice: bigPackBest,
        unitPrice: { amount: perUnit(bigPackBest, 20), per: 'tablet' },
      },
    ].sort((a, b) => a.unitPrice.amount - b.unitPrice.amount);
    expect(answer).toEqual({
      cnk: product.cnk,
      group: { code: VMP, name: 'Paracétamol 500 mg comprimé' },
      // Cheapest per tablet first; the pack nobody sells, with no known price, last.
      equivalents: [
        ...priced,
        { cnk: UNSOLD, name: 'Algo 500 mg', pack: '20', slug: null, bestPrice: null, unitPrice: null },
      ],
    });
  });

  it('names the group and the packs in the language asked for', async () => {
    const answer = equivalentsResponseSchema.parse(
      (await get(server.url, `/api/products/${equivalent.cnk}/equivalents/?lang=nl`)).body,
    );
    expect(answer.group).toEqual({ code: VMP, name: 'Paracetamol 500 mg tablet' });
    expect(answer.equivalents.find((e) => e.cnk === product.cnk)?.name).toBe('Dafalgan 500 mg');
    expect(answer.equivalents.map((e) => e.cnk)).not.toContain(equivalent.cnk);
  });

  it('answers no group for a medicine without a VMP and for a non-medicinal product; a 6-digit CNK is padded', async () => {
    const medicine = await get(server.url, `/api/products/${noGroup.cnk}/equivalents/`);
    expect(medicine).toEqual({ status: 200, body: { cnk: noGroup.cnk, group: null, equivalents: [] } });
    const cosmetic = await get(server.url, `/api/products/${NON_MEDICINAL}/equivalents/`);
    expect(cosmetic.body).toEqual({ cnk: NON_MEDICINAL, group: null, equivalents: [] });
    const padded = await get(server.url, `/api/products/${UNSOLD.slice(1)}/equivalents/`);
    expect(equivalentsResponseSchema.parse(padded.body).cnk).toBe(UNSOLD);
  });

  it('answers 404 for a code the catalogue does not know and for a pack it never offers', async () => {
    for (const cnk of ['1234567', prescription.cnk, suspended.cnk]) {
      const { status, body } = await get(server.url, `/api/products/${cnk}/equivalents/`);
      expect(status).toBe(404);
      expect(apiErrorSchema.parse(body).code).toBe('not_found');
    }
  });

  it('answers a translated 400 for a malformed CNK or an unknown language', async () => {
    const fr = await get(server.url, '/api/products/12ab567/equivalents/?lang=fr');
    expect(fr.status).toBe(400);
    expect(apiErrorSchema.parse(fr.body)).toMatchObject({
      code: 'invalid_cnk',
      detail: expect.stringMatching(/^CNK invalide/),
    });
    const nl = await get(server.url, '/api/products/12345/equivalents/?lang=nl');
    expect(apiErrorSchema.parse(nl.body)).toMatchObject({
      code: 'invalid_cnk',
      detail: expect.stringMatching(/^Ongeldige CNK/),
    });
    const de = await get(server.url, `/api/products/${product.cnk}/equivalents/?lang=de`);
    expect(de.status).toBe(400);
    expect(apiErrorSchema.parse(de.body).code).toBe('invalid_language');
  });
});

describe('equivalents in demo mode (the demo SAM export imported at start)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RETAILERS_MODE: 'demo' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows Perdolan 500 mg, with a price, as the same medicine as Dafalgan 500 mg, and leaves out the suspended pack', async () => {
    const answer = equivalentsResponseSchema.parse(
      (await get(server.url, `/api/products/${product.cnk}/equivalents/?lang=nl`)).body,
    );
    expect(answer.group?.name).toBe('Paracetamol 500 mg tablet');
    expect(answer.equivalents.map((e) => e.cnk)).toEqual([equivalent.cnk]);
    expect(answer.equivalents[0]!.bestPrice).toBeGreaterThan(0);
    expect(answer.equivalents[0]!.unitPrice?.per).toBe('tablet');
    const forte = demo('Dafalgan Forte 1 g 40 comprimés');
    const strong = equivalentsResponseSchema.parse(
      (await get(server.url, `/api/products/${forte.cnk}/equivalents/`)).body,
    );
    expect(strong.equivalents.map((e) => e.cnk)).toEqual([paracetamolEg.cnk]);
  });
});
