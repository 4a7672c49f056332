import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/helpers/test-server';
import type { TestClient } from '../../../test/helpers/test-client';
import { accountOn, readEvents } from '../../../test/helpers/pro-account';
import { asksFor, startRecordingShops, unknownCnks, type RecordingShops } from './pro-shops.test-support';

const prices = (client: TestClient, cnks: string[]) =>
  client.post('/api/pro/prices/', { cnks }, { headers: { Accept: 'text/event-stream' } });

describe('Pro pricing slots shared between users', () => {
  let shops: RecordingShops;
  let server: TestServer;
  beforeAll(async () => {
    shops = await startRecordingShops(10);
    server = await startTestServer({ RETAILERS_MODE: 'demo', ...shops.envOverrides });
  });
  afterAll(async () => {
    await server?.close();
    await shops?.close();
  });

  it("prices another user's single CNK long before a flooding user's queue drains", async () => {
    const flooder = await accountOn(server, 'flooder@example.be', true);
    const other = await accountOn(server, 'other@example.be', true);
    await Promise.all([flooder.csrf(), other.csrf()]);
    const flood = [0, 1, 2].map((i) => unknownCnks(100, 500_000 + i * 1000));
    const floodCnks = flood.flat();
    const [single] = unknownCnks(1, 600_000);

    const flooding = Promise.all(flood.map((cnks) => prices(flooder, cnks)));
    // The flood is being priced (its queue holds the rest) before the other user asks.
    while (shops.requests.length < 8) await new Promise((resolve) => setTimeout(resolve, 5));
    const answer = await prices(other, [single!]);
    const floodAnswers = await flooding;

    expect(readEvents(answer.text)[0]).toMatchObject({ event: 'product', data: { cnk: single, status: 'not_found' } });
    expect(floodAnswers.map((a) => a.status)).toEqual([200, 200, 200]);
    // In the order the shops were asked: the flood's CNKs asked only after the single one.
    const firstAsked = (cnk: string) => shops.requests.findIndex((r) => asksFor(r, cnk));
    const singleAt = firstAsked(single!);
    expect(singleAt).toBeGreaterThanOrEqual(0);
    const floodAfter = floodCnks.filter((cnk) => firstAsked(cnk) > singleAt).length;
    // First come, first served would put it after all 300; a fair share puts it within a few turns.
    expect(floodAfter).toBeGreaterThanOrEqual(150);
  }, 60_000);
});
