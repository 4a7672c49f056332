import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proProductEventSchema } from '@pharmaradar/shared/pro.schema';
import type { TestClient } from '../../../test/helpers/test-client';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import { getDemoCatalogue } from '../../demo/catalogue';
import { accountOn, readEvents } from '../../../test/helpers/pro-account';

// ADR 148: a Pro batch asks the shops in the pharmacist's interface language, as the search does.

const product = getDemoCatalogue().find((p) => !p.prescription && p.offers.farmaline && p.name.nl !== p.name.fr)!;

async function farmalineName(client: TestClient, lang?: string): Promise<string | undefined> {
  const res = await client.post(
    '/api/pro/prices/',
    { cnks: [product.cnk], ...(lang ? { lang } : {}) },
    { headers: { Accept: 'text/event-stream' } },
  );
  expect(res.status).toBe(200);
  const [event] = readEvents(res.text).filter((e) => e.event === 'product');
  return proProductEventSchema.parse(event!.data).product?.offers.find((o) => o.retailer === 'farmaline')?.name;
}

describe('POST /api/pro/prices in the interface language', () => {
  let server: TestServer;
  let pro: TestClient;
  beforeAll(async () => {
    server = await startTestServer();
    pro = await accountOn(server, 'pro-nl@example.be', true);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('gives the Dutch names for nl, the French ones for fr, en and no language', async () => {
    expect(await farmalineName(pro, 'nl')).toBe(product.name.nl);
    expect(await farmalineName(pro, 'fr')).toBe(product.name.fr);
    expect(await farmalineName(pro, 'en')).toBe(product.name.fr);
    expect(await farmalineName(pro)).toBe(product.name.fr);
  });
});
