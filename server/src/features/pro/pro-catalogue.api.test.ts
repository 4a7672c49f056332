import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proCatalogueResponseSchema } from '@pharmaradar/shared/pro-catalogue.schema';
import { proCostSchema, proDoneEventSchema, proProductEventSchema } from '@pharmaradar/shared/pro.schema';
import { importFixtureCatalogue } from '../../../test/helpers/catalogue';
import type { TestClient } from '../../../test/helpers/test-client';
import { LIVE_TEST_ENV, startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { getDemoCatalogue } from '../../demo/catalogue';
import { accountOn, readEvents } from '../../../test/helpers/pro-account';
import { asksFor, startRecordingShops, unknownCnks, type RecordingShops } from './pro-shops.test-support';

// The official catalogue in Pro (docs/decisions/154, 161): a pack the official catalogue excludes is
// never priced (no shop asked, nothing charged) and the answer says why; known CNKs carry their
// official name and pack; POST /api/pro/catalogue tells the device what the catalogue says of an
// import's CNKs, and with no catalogue imported the tool works as before.

// Products the demo shops sell and flag as non-prescription: the test's export decides otherwise.
const sold = getDemoCatalogue().filter((p) => !p.prescription && Object.keys(p.offers).length >= 2);
const [free, prescription, suspended, withdrawn] = sold.map((p) => p.cnk!) as [string, string, string, string];
const [unknown] = unknownCnks(1, 700_000) as [string];

const prices = (client: TestClient, cnks: string[], lang = 'fr') =>
  client.post('/api/pro/prices/', { cnks, lang }, { headers: { Accept: 'text/event-stream' } });

async function facts(client: TestClient, cnks: string[], lang = 'fr') {
  const res = await client.post('/api/pro/catalogue/', { cnks, lang });
  expect(res.status).toBe(200);
  // What a pharmacy stocks is nobody else's: never kept by a cache on the way.
  expect(res.headers.get('cache-control')).toBe('no-store');
  return proCatalogueResponseSchema.parse(res.body);
}

describe('the Pro tool and the official catalogue', () => {
  let shops: RecordingShops;
  let server: TestServer;
  let pro: TestClient;
  beforeAll(async () => {
    shops = await startRecordingShops(0);
    server = await startTestServer({ RETAILERS_MODE: 'demo', ...shops.envOverrides });
    pro = await accountOn(server, 'pro-catalogue@example.be', true);
    // The test's export replaces the demo one: it decides otherwise than the shops for three products.
    importFixtureCatalogue(server.db, { free, prescription, suspended }, [withdrawn]);
  });
  afterAll(async () => {
    await server?.close();
    await shops?.close();
  });

  it('says per CNK what the imported catalogue decides, with the official names in the language asked', async () => {
    const answer = await facts(pro, [free, prescription, suspended, withdrawn, unknown, free], 'nl');
    expect(answer.catalogue).toMatchObject({ referenceDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const byCnk = new Map(answer.facts.map((f) => [f.cnk, f]));
    expect(answer.facts).toHaveLength(5);
    expect(byCnk.get(free)).toEqual({
      cnk: free,
      known: true,
      kind: 'medicine',
      exclusion: null,
      official: { name: 'Dafalgan 500 mg', packName: 'Dafalgan 500 mg tabl. 30', pack: '30', marketed: true },
    });
    expect(byCnk.get(prescription)).toMatchObject({ known: true, exclusion: 'prescription' });
    expect(byCnk.get(suspended)).toMatchObject({ known: true, exclusion: 'suspended' });
    expect(byCnk.get(withdrawn)).toMatchObject({
      known: true,
      kind: 'non-medicinal',
      exclusion: null,
      official: { name: `Teruggetrokken ${withdrawn}`, marketed: false },
    });
    // Sold by the demo shops or not, a CNK the catalogue does not know has no kind: its VAT is asked.
    expect(byCnk.get(unknown)).toEqual({ cnk: unknown, known: false, kind: null, exclusion: null, official: null });
  });

  it('never prices an excluded pack: no shop asked, nothing charged, the reason and official name given', async () => {
    const cost = proCostSchema.parse(
      (await pro.post('/api/pro/usage/cost/', { cnks: [prescription, suspended] })).body,
    );
    expect(cost).toMatchObject({ cost: 0, excluded: 2, fits: true });
    const before = shops.requests.length;
    const res = await prices(pro, [free, prescription, suspended]);
    expect(res.status).toBe(200);
    const events = readEvents(res.text);
    const products = events.filter((e) => e.event === 'product').map((e) => proProductEventSchema.parse(e.data));
    const of = (cnk: string) => products.find((p) => p.cnk === cnk)!;
    expect(of(prescription)).toMatchObject({
      status: 'excluded',
      exclusion: 'prescription',
      product: null,
      retailers: [],
      official: { name: 'Strong 10 mg', pack: '20' },
    });
    expect(of(suspended)).toMatchObject({ status: 'excluded', exclusion: 'suspended', product: null });
    expect(of(free)).toMatchObject({
      status: 'found',
      official: { name: 'Dafalgan 500 mg', packName: 'Dafalgan 500 mg comp. 30', pack: '30' },
    });
    expect(of(free).product?.offers.length).toBeGreaterThan(0);
    const asked = shops.requests.slice(before);
    expect(asked.some((r) => asksFor(r, prescription) || asksFor(r, suspended))).toBe(false);
    // Only the free pack was charged.
    const done = proDoneEventSchema.parse(events.find((e) => e.event === 'done')!.data);
    expect(done).toMatchObject({ count: 1, used: 1 });
  });

  it('refuses free accounts (403) and a malformed CNK list (400)', async () => {
    const free_ = await accountOn(server, 'free-catalogue@example.be', false);
    expect((await free_.post('/api/pro/catalogue/', { cnks: [free] })).status).toBe(403);
    expect((await pro.post('/api/pro/catalogue/', { cnks: ['12'] })).status).toBe(400);
    expect((await pro.post('/api/pro/catalogue/', { cnks: [] })).status).toBe(400);
  });
});

describe('the Pro tool with no catalogue imported (live mode, before the first weekly update)', () => {
  let server: TestServer;
  let pro: TestClient;
  beforeAll(async () => {
    server = await startTestServer({ ...LIVE_TEST_ENV, RETAILERS: 'farmaline', CATALOGUE_UPDATE_DAYS: '0' });
    pro = await accountOn(server, 'pro-no-catalogue@example.be', true);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('knows nothing, excludes nothing and fails on nothing', async () => {
    expect(await facts(pro, [free, prescription])).toEqual({ catalogue: null, facts: [] });
    const events = readEvents((await prices(pro, [prescription])).text);
    const event = proProductEventSchema.parse(events[0]!.data);
    // The shop cannot be reached here: the CNK was asked for, not excluded.
    expect(event).toMatchObject({ cnk: prescription, status: 'error' });
    expect(event.exclusion).toBeUndefined();
    expect(event.official).toBeUndefined();
  });
});
