import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResultSchema, type SearchResult } from '@pharmaradar/shared/search.schema';
import { registerVerifiedAccount } from '../test/helpers/accounts';
import type { TestClient } from '../test/helpers/test-client';
import { startTestServer, type TestServer } from '../test/helpers/test-server';
import { getDemoCatalogue, type DemoProduct } from './demo/catalogue';
import { searchEvents } from './features/search/testing/sse';
import { DEMO_SUSPENDED } from './demo/demo-sam-export';
import { samExportFiles, type SamPackSpec } from './demo/sam-export-writer';
import { importFiles } from './features/catalogue/catalogue-import/catalogue-import';
import { createCatalogueRepository } from './features/catalogue/catalogue.repository';
import { createLogger } from './lib/log';
import { belowAlert } from '../test/helpers/alerts';

// The official catalogue (ADR 153, 154) across the features a consumer sees prices in: a SAM export built here is
// imported while the server runs (demo mode: the demo export is live first), and what it excludes
// leaves the search (answers cached before it included), alerts, product pages and the sitemap.

const medicines = getDemoCatalogue().filter(
  (p) => p.medicine && p.offers.farmaline && p.offers.multipharma && !DEMO_SUSPENDED.test(p.name.fr),
);
const free = medicines.filter((p) => !p.prescription);
/** Becomes prescription-only, is suspended, stays free (official names checked), in the new export. */
const [toPrescription, toSuspended, stays] = [free[0]!, free[1]!, free[2]!];
/** A pack the shops flag prescription-only and the catalogue calls free: the catalogue wins (ADR 157). */
const shopsSayRx = medicines.find((p) => p.prescription)!;
/** A prescription-only demo pack the new export does not know: the shops' flags still exclude it. */
const unknownRx = medicines.filter((p) => p.prescription)[1]!;

function pack(p: DemoProduct, index: number, over: Partial<SamPackSpec>): SamPackSpec {
  return {
    cnk: p.cnk,
    ampCode: `SAM7${String(index).padStart(5, '0')}-00`,
    ctiExtended: `7${String(index).padStart(5, '0')}-01`,
    name: { fr: p.name.fr, nl: p.name.nl },
    packName: { fr: p.name.fr, nl: p.name.nl },
    pack: '30',
    gtins: [`0${p.ean}`],
    deliveryCode: 'VL',
    status: 'AUTHORIZED',
    vmpCode: null,
    atc: 'N02BE01',
    ...over,
  };
}

function testExport() {
  const samId = 'test-7';
  const packs = [
    pack(toPrescription, 1, { deliveryCode: 'M1' }),
    pack(toSuspended, 2, { status: 'SUSPENDED' }),
    pack(stays, 3, {
      name: { fr: 'Nom officiel', nl: 'Officiële naam' },
      packName: { fr: 'Nom officiel 30 comprimés', nl: 'Officiële naam 30 tabletten' },
      vmpCode: '700001',
    }),
    pack(shopsSayRx, 4, {}),
  ];
  return samExportFiles({ packs, vmps: [{ code: '700001', name: { fr: 'Groupe FR', nl: 'Groep NL' } }] }, samId, '1');
}

describe('the official catalogue decides what a consumer is offered', () => {
  let server: TestServer;
  let anne: TestClient;

  const search = async (q: string, lang = 'fr'): Promise<SearchResult> => {
    const res = await fetch(`${server.url}/api/search/?${new URLSearchParams({ q, lang })}`);
    expect(res.status).toBe(200);
    return searchResultSchema.parse(await res.json());
  };
  const productOf = (result: SearchResult, p: DemoProduct) => result.products.find((x) => x.cnk === p.cnk);
  const slugs = new Map<string, string>();

  beforeAll(async () => {
    server = await startTestServer({ ALERTS_CHECK_INTERVAL_MIN: '0' });
    anne = (
      await registerVerifiedAccount(server.url, server.env.MAIL_OUTBOX_DIR, 'anne@example.be', 'Correct horse 42')
    ).client;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('before the import: the packs are offered, have pages, are in the sitemap, and alerts are accepted', async () => {
    for (const p of [toPrescription, toSuspended, stays]) {
      const found = productOf(await search(p.cnk), p);
      expect(found?.offers.length).toBeGreaterThan(0);
      slugs.set(p.cnk, found!.slug!);
      expect((await fetch(`${server.url}/api/products/${found!.slug}/`)).status).toBe(200);
    }
    expect(productOf(await search(shopsSayRx.cnk), shopsSayRx)).toBeUndefined();
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    for (const p of [toPrescription, toSuspended]) expect(sitemap).toContain(`/fr/${slugs.get(p.cnk)}<`);
    // Thresholds any price meets: each alert mails at its first check unless its pack is excluded.
    for (const p of [toSuspended, stays]) {
      const created = await anne.post('/api/alerts/create/', belowAlert(p, 999));
      expect(created.status).toBe(201);
    }
  });

  it('after the import: excluded packs leave the search, even answers cached before it', async () => {
    const outcome = importFiles(createCatalogueRepository(server.db), 'test export', testExport(), {
      referenceDate: '2026-11-26',
      now: Date.now,
      log: createLogger({ level: 'silent' }),
      version: 'test-7',
      // Four packs over the demo's: smaller on purpose.
      allowShrink: true,
    });
    expect(outcome.counts.packs).toBe(4);

    for (const p of [toPrescription, toSuspended]) {
      const again = await search(p.cnk);
      expect(again.cached).toBe(true);
      expect(productOf(again, p)).toBeUndefined();
      expect(again.retailers.every((r) => r.status === 'empty')).toBe(true);
      // Nor in the shops' answers streamed one by one to the browser.
      const { events } = await searchEvents(server.url, p.cnk);
      const streamed = events.flatMap((e) => (e.event === 'retailer' ? e.data.offers : []));
      expect(events.some((e) => e.event === 'result')).toBe(true);
      expect(streamed.filter((o) => o.cnk === p.cnk)).toEqual([]);
      // By name too: no shop's title brings the pack back.
      expect((await search(p.name.fr)).products.some((x) => x.cnk === p.cnk)).toBe(false);
    }
    // The catalogue calls this pack free though the shops flag it: it is offered (ADR 157).
    expect(productOf(await search(shopsSayRx.cnk), shopsSayRx)?.offers.length).toBeGreaterThan(0);
    // A code the catalogue does not know: the shops' prescription flags still exclude it.
    expect(productOf(await search(unknownRx.cnk), unknownRx)).toBeUndefined();
  });

  it('carries the official data in the language asked for, fr when the catalogue has none in it', async () => {
    const fr = productOf(await search(stays.cnk, 'fr'), stays)!;
    const nl = productOf(await search(stays.cnk, 'nl'), stays)!;
    const en = productOf(await search(stays.cnk, 'en'), stays)!;
    expect(fr.official).toEqual({
      name: 'Nom officiel',
      pack: 'Nom officiel 30 comprimés',
      gtin: stays.ean,
      atc: 'N02BE01',
      prescription: false,
      status: 'AUTHORIZED',
      marketed: true,
      vmp: { code: '700001', name: 'Groupe FR' },
    });
    expect(nl.official).toMatchObject({
      name: 'Officiële naam',
      pack: 'Officiële naam 30 tabletten',
      vmp: { code: '700001', name: 'Groep NL' },
    });
    expect(en.official).toMatchObject({ name: 'Nom officiel', vmp: { name: 'Groupe FR' } });
    // A code the catalogue does not know has none.
    const unknown = medicines.find((p) => !p.prescription && ![toPrescription, toSuspended, stays].includes(p))!;
    expect(productOf(await search(unknown.cnk), unknown)?.official).toBeNull();
  });

  it('excluded packs: product page 404, out of the sitemap, no alert accepted, none fires', async () => {
    for (const p of [toPrescription, toSuspended]) {
      const page = await fetch(`${server.url}/api/products/${slugs.get(p.cnk)}/`);
      expect(page.status).toBe(404);
    }
    expect((await fetch(`${server.url}/api/products/${slugs.get(stays.cnk)}/`)).status).toBe(200);
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    for (const p of [toPrescription, toSuspended]) expect(sitemap).not.toContain(`/fr/${slugs.get(p.cnk)}<`);
    expect(sitemap).toContain(`/fr/${slugs.get(stays.cnk)}<`);

    // A basket holding them (added before the import) learns they leave its plans.
    const cnks = [toPrescription, toSuspended, stays].map((p) => p.cnk).join(',');
    const offered = await fetch(`${server.url}/api/products/offered/?cnks=${cnks}`);
    expect(offered.status).toBe(200);
    expect(await offered.json()).toEqual({ excluded: [toPrescription.cnk, toSuspended.cnk] });
    expect((await fetch(`${server.url}/api/products/offered/?cnks=abc`)).status).toBe(400);

    const refused = await anne.post(
      '/api/alerts/create/',
      { cnk: toPrescription.cnk, product_name: toPrescription.name.nl, kind: 'drop' },
      { lang: 'nl' },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('product_not_offered');
    expect(JSON.stringify(refused.body)).toContain('niet vrij verkrijgbaar');

    await server.alertChecks();
    const deadline = Date.now() + 5_000;
    let mails = server.readOutbox().filter((m) => m.subject.startsWith('Alerte prix'));
    while (mails.length < 1 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      mails = server.readOutbox().filter((m) => m.subject.startsWith('Alerte prix'));
    }
    // The offered pack's alert fires; the suspended one's never does.
    expect(mails.map((m) => m.subject.includes(stays.name.fr))).toEqual([true]);
    expect(mails.some((m) => m.subject.includes(toSuspended.name.fr))).toBe(false);
  });
});
