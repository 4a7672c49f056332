import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { equivalentsResponseSchema } from '@pharmaradar/shared/equivalents.schema';
import { productLandingResponseSchema } from '@pharmaradar/shared/product-landing';
import { importTestCatalogue, testPack } from '../../../test/helpers/catalogue';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';

// Every official text a product page answers (its heading and titles, the "same medicine" card's
// names and packs) is the catalogue's in the reader's language, French where the catalogue has none in
// it; never French where it has the reader's, never a third language in between.

const PRODUCT = '0700104';
/** Named and packed in fr, nl and en; its pack display written per language, as xsd 6 does. */
const TRILINGUAL = '0700112';
/** Named in fr and nl only, its pack display plain French text, as xsd 5 wrote it. */
const NO_ENGLISH = '0700120';
const VMP = '700101';
const SLUG = `algofen-500-mg-30-tabletten-${TRILINGUAL}`;

async function json(base: string, path: string): Promise<unknown> {
  const response = await fetch(`${base}${path}`);
  expect(response.status).toBe(200);
  return response.json();
}

describe('official names in the reader’s language', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RETAILERS_MODE: 'demo' });
    importTestCatalogue(server.db, {
      vmps: [{ code: VMP, name: { fr: 'Paracétamol 500 mg comprimé', nl: 'Paracetamol 500 mg tablet' } }],
      packs: [
        testPack(PRODUCT, { vmpCode: VMP }),
        testPack(TRILINGUAL, {
          vmpCode: VMP,
          name: { fr: 'Algofen 500 mg comprimés', nl: 'Algofen 500 mg tabletten', en: 'Algofen 500 mg tablets' },
          packName: {
            fr: 'Algofen 500 mg 30 comprimés',
            nl: 'Algofen 500 mg 30 tabletten',
            en: 'Algofen 500 mg 30 tablets',
          },
          pack: { fr: '30 comprimés', nl: '30 tabletten', en: '30 tablets' },
        }),
        testPack(NO_ENGLISH, {
          vmpCode: VMP,
          name: { fr: 'Doloral 500 mg comprimés', nl: 'Doloral 500 mg tabletten' },
          packName: { fr: 'Doloral 500 mg 20 comprimés', nl: 'Doloral 500 mg 20 tabletten' },
          pack: '20 comprimés',
        }),
      ],
    });
    // A product first seen in a search, under a shop's own (French) title.
    server.db
      .prepare(
        'INSERT INTO products (cnk, slug, name, brand, image, first_seen_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(TRILINGUAL, SLUG, 'ALGOFEN 500MG COMP 30 (titre d’une pharmacie)', 'Algofen', null, Date.now(), Date.now());
  });
  afterAll(async () => {
    await server?.close();
  });

  const equivalents = async (lang: string) => {
    const body = await json(server.url, `/api/products/${PRODUCT}/equivalents/?lang=${lang}`);
    const answer = equivalentsResponseSchema.parse(body);
    const byCnk = (cnk: string) => answer.equivalents.find((e) => e.cnk === cnk);
    return { group: answer.group?.name, trilingual: byCnk(TRILINGUAL), noEnglish: byCnk(NO_ENGLISH) };
  };

  it('the "same medicine" card names each pack and its size in Dutch for a Dutch reader', async () => {
    const nl = await equivalents('nl');
    expect(nl.group).toBe('Paracetamol 500 mg tablet');
    expect(nl.trilingual).toMatchObject({ name: 'Algofen 500 mg tabletten', pack: '30 tabletten' });
    // No Dutch pack display in the catalogue: the French one, the only one it has.
    expect(nl.noEnglish).toMatchObject({ name: 'Doloral 500 mg tabletten', pack: '20 comprimés' });
  });

  it('in English: English where the catalogue has it, else French (never Dutch)', async () => {
    const en = await equivalents('en');
    expect(en.group).toBe('Paracétamol 500 mg comprimé');
    expect(en.trilingual).toMatchObject({ name: 'Algofen 500 mg tablets', pack: '30 tablets' });
    expect(en.noEnglish).toMatchObject({ name: 'Doloral 500 mg comprimés', pack: '20 comprimés' });
  });

  it('in French: the French texts', async () => {
    const fr = await equivalents('fr');
    expect(fr.trilingual).toMatchObject({ name: 'Algofen 500 mg comprimés', pack: '30 comprimés' });
  });

  it('a product page seen in a search is titled with the official pack name of each language', async () => {
    const body = productLandingResponseSchema.parse(await json(server.url, `/api/products/${SLUG}/`));
    expect(body.name).toBe('Algofen 500 mg 30 comprimés');
    expect(body.landing.fr.heading).toBe('Algofen 500 mg 30 comprimés : comparez les prix');
    expect(body.landing.nl.heading).toBe('Algofen 500 mg 30 tabletten: vergelijk de prijzen');
    expect(body.landing.en.heading).toBe('Algofen 500 mg 30 tablets: compare prices');
    expect(body.landing.nl.title).toContain('Algofen 500 mg 30 tabletten');
    expect(body.landing.nl.description).toContain('Algofen 500 mg 30 tabletten');
  });
});
